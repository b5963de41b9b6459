import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser and one server per file; files run one after another on a 2-core machine.
    fileParallelism: false,
    pool: 'forks',
  },
});
