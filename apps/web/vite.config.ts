import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** Writes a Brotli and a gzip copy beside each text file of the browser build. */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment.config.consumer !== 'client' || !options.dir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(?:js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(options.dir, fileName);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Two builds: the browser's (dist/, with a manifest the server reads to preload a page's chunks)
 * and the server entry that renders pages to HTML (dist-server/, `vite build --ssr`).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/demo': apiTarget,
    },
  },
  ssr: {
    // The server entry carries everything it uses, built for production whatever NODE_ENV the
    // server runs with (React's development build renders several times slower).
    noExternal: true,
  },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: isSsrBuild ? 'node20' : 'es2022',
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
  },
}));
