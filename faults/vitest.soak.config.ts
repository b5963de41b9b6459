import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['soak.fault.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
