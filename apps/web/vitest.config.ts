import { defineConfig } from 'vitest/config';

// Unit tests of the web app's pure modules; the pages are tested in a browser by e2e/.
export default defineConfig({ test: { include: ['src/**/*.test.ts'] } });
