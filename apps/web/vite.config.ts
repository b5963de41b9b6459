import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

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
 * The installable app: its manifest, and its service worker (src/sw.ts) built with the list of
 * the build's files to keep. The app registers the worker itself (src/app/app-updates.tsx) and
 * asks before a new version takes over. Decision 0041.
 */
function installableApp(ssr: boolean) {
  return VitePWA({
    // The server entry builds no worker; its imports of the register module still resolve.
    disable: ssr,
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    injectManifest: {
      // Kept at install: the page shell, its entry script and styles, the icons and the offline
      // page. The other chunks are kept as pages use them (src/sw.ts), so that installing costs
      // a phone a few hundred kilobytes rather than every page's code.
      globPatterns: ['*.{html,js,svg,webmanifest}', 'icons/*.png', 'assets/index-*.{js,css}'],
      globIgnores: ['**/*.br', '**/*.gz', 'sw.js'],
    },
    manifest: {
      id: '/',
      name: 'Phone Market: used phones from people near you',
      short_name: 'Phone Market',
      description:
        'Buy and sell used mobile phones near you, from verified sellers, booked for a meeting in person.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      // The theme's colours (src/index.css): primary and base-100.
      theme_color: '#0f766e',
      background_color: '#ffffff',
      categories: ['shopping'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
  });
}

/**
 * Two builds: the browser's (dist/, with a manifest the server reads to preload a page's chunks)
 * and the server entry that renders pages to HTML (dist-server/, `vite build --ssr`).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress(), installableApp(Boolean(isSsrBuild))],
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
