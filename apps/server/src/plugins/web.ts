import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { PageFallback } from './errors.ts';

export const DEMO_IMAGES_DIR = path.join(import.meta.dirname, '../db/seed/images');

/**
 * Serves the built web app with a history fallback: every non-/api GET that is not a file gets
 * index.html, so deep links such as /category/iPhone work. Hashed assets are cached for a year.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<PageFallback> {
  await app.register(fastifyStatic, {
    root: DEMO_IMAGES_DIR,
    prefix: '/demo/',
    decorateReply: false,
    immutable: true,
    maxAge: '30d',
  });

  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (!built) {
    app.log.warn({ distDir }, 'web app is not built; run `npm run build` to serve it');
  } else {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }
  const indexHtml = built ? fs.readFileSync(indexFile) : null;

  return (_request, reply) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`, then start the server again.');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  };
}
