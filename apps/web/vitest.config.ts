import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Unit tests of the web app's pure modules (`*.test.ts`, in Node), and component tests
 * (`*.test.tsx`) that render a page or a form in happy-dom against an API answered by MSW. The
 * pages are also tested in a browser by e2e/.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
          setupFiles: ['src/test/component-setup.ts'],
        },
      },
    ],
  },
});
