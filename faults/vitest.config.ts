import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.fault.ts'],
    // The soak runs on its own, last (vitest.soak.config.ts): it needs the machine to itself.
    exclude: [...configDefaults.exclude, 'soak.fault.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
