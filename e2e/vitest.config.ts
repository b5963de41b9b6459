import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server per file, each on its own fresh database: two files at a time keep both cores
    // busy while the other file's browser and server wait on each other. The files of a worker
    // share its loaded modules, and all files one browser (global-setup.ts), each in contexts of
    // its own.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    isolate: false,
  },
});
