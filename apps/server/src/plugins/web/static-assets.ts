// Static files: the demo images, the web build's files, and the plain page shell.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendText } from '../../lib/compression.ts';

export const DEMO_IMAGES_DIR = path.join(import.meta.dirname, '../../modules/demo/images');

/** The demo listings' photos, under /demo/. */
export async function serveDemoImages(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: DEMO_IMAGES_DIR,
    prefix: '/demo/',
    decorateReply: false,
    immutable: true,
    maxAge: '30d',
  });
}

/**
 * The web build's files: hashed assets are cached for a year, the rest is checked each time.
 * The page shell (`/index.html`, which the installable app keeps for the account pages offline)
 * carries `shellPolicy`, which allows its own inline script, as when it answers a page address.
 *
 * The hashed assets (hundreds of files, each with a .br and a .gz beside it) are served from
 * /assets/ by one route that looks each file up when asked for: a route per file made the start
 * slower by a few hundred milliseconds. An asset that is not there is answered 404, not with a
 * page. The few files at the root (the worker, the manifest, the icons) keep a route each.
 */
export async function serveWebBuild(
  app: FastifyInstance,
  distDir: string,
  shellPolicy: string,
): Promise<void> {
  const shellFile = path.resolve(distDir, 'index.html');
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    // The web build writes a .br and a .gz beside each asset.
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
  });
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // Only the files found here get a route: the assets are served above, and the build
    // manifest is for the server only.
    globIgnore: ['assets/**', '.vite/**'],
    setHeaders(reply, filePath) {
      if (path.resolve(filePath) === shellFile)
        reply.header('content-security-policy', shellPolicy);
      reply.header('cache-control', 'no-cache');
    },
  });
}

/** Sends the web build's index.html as it is: a page that the browser draws. */
export function shellSender(shell: Buffer, policy: string): (reply: FastifyReply) => FastifyReply {
  const compressed = {};
  return (reply) =>
    sendText(
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', policy),
      shell,
      compressed,
    );
}
