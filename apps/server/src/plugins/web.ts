import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AsyncLocalStorage } from 'node:async_hooks';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiAnswer, ApiCall, PageRenderer, PageRendererModule } from '@market/shared';
import { sendText } from '../lib/compression.ts';

export const DEMO_IMAGES_DIR = path.join(import.meta.dirname, '../db/seed/images');

/** Where the built web app keeps its server entry, beside the browser build. */
export function serverEntryFile(distDir: string): string {
  return path.join(distDir, '../dist-server/entry-server.js');
}

/** Pages that only a signed-in user sees: drawn in the browser, from the plain page shell. */
const BROWSER_ONLY_PAGES = /^\/dashboard(?:\/|\?|$)/;

/**
 * Serves the built web app. Public pages are rendered to HTML with their data, so they show
 * before any script has run; the browser then takes them over. The dashboard, and any page the
 * server could not render, gets the plain page shell and is drawn in the browser. Hashed assets
 * are cached for a year.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: DEMO_IMAGES_DIR,
    prefix: '/demo/',
    decorateReply: false,
    immutable: true,
    maxAge: '30d',
  });

  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built; run `npm run build` to serve it');
    return pageRoute(app, (_request, reply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`, then start the server again.'),
    );
  }

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The web build writes a .br and a .gz beside each asset.
    preCompressed: true,
    // The build manifest is for the server only.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });

  const shell = fs.readFileSync(indexFile);
  const shellCompressed = {};
  const sendShell = (reply: FastifyReply) =>
    sendText(
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache'),
      shell,
      shellCompressed,
    );

  const renderer = await loadRenderer(distDir);
  if (!renderer) {
    app.log.warn({ distDir }, 'the web app has no server entry; pages are drawn in the browser');
    return pageRoute(app, (_request, reply) => sendShell(reply));
  }
  const template = pageTemplate(shell.toString('utf8'), readManifest(distDir));

  return pageRoute(app, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (BROWSER_ONLY_PAGES.test(pathname)) return sendShell(reply);
    const render = () => renderToAnswer(app, renderer, template, request);
    try {
      // A visitor with no cookie is signed out: such pages are the same for all, so they are
      // cached; not those with a query, which could be anything.
      if (request.headers.cookie === undefined && !request.url.includes('?')) {
        return await app.pageCache.sendEncoded(reply, request.url, render);
      }
      const answer = await render();
      void reply.status(answer.status).headers(answer.headers).type(answer.contentType);
      return await sendText(reply, answer.body);
    } catch (err) {
      // The browser can still draw the page; it fetches the data itself.
      request.log.error({ err }, 'page could not be rendered on the server');
      return sendShell(reply);
    }
  });
}

/**
 * Every GET that no file or API route answers is a page of the web app (the history fallback),
 * except under /api, where the JSON 404 answers.
 */
function pageRoute(
  app: FastifyInstance,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | FastifyReply,
): void {
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    return handler(request, reply);
  });
}

async function loadRenderer(distDir: string): Promise<PageRenderer | null> {
  const entry = serverEntryFile(distDir);
  if (!fs.existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as PageRendererModule;
  return module.createPageRenderer(new AsyncLocalStorage());
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const file = path.join(distDir, '.vite/manifest.json');
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>)
    : {};
}

interface PageTemplate {
  /** Everything before `</head>`, without the app's script tags; a page's stylesheets go after. */
  head: string;
  /** From `</head>` to the opening of #root. */
  middle: string;
  tail: string;
  /** Stylesheets of the matched lazily loaded pages. */
  stylesFor(routeIds: string[]): string;
  /** The script that loads the app, with the chunks of the matched pages, once the page is up. */
  scriptFor(routeIds: string[]): string;
}

const ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="\/([^"]+)">\s*/g;

/**
 * The page shell of the web build, cut where a rendered page's parts go. A rendered page shows
 * and its links work before any script runs, so the app's scripts are not fetched alongside the
 * stylesheet and the images that the first paint needs: a small inline script fetches them
 * once the page has loaded and painted, and the app then takes the page over in place.
 */
function pageTemplate(html: string, manifest: Record<string, ManifestChunk>): PageTemplate {
  const at = html.indexOf(ROOT);
  const headEnd = html.indexOf('</head>');
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (at < 0 || headEnd < 0 || headEnd > at || !entry) {
    throw new Error('index.html has no entry script or no empty #root');
  }
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const head = html.slice(0, headEnd).replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const linked = new Set([...head.matchAll(/href="\/([^"]+)"/g)].map((m) => m[1]));

  const chunks = new Map<string, { scripts: string[]; styles: string[] }>();
  function chunksOf(routeId: string) {
    let found = chunks.get(routeId);
    if (found) return found;
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(`src/${routeId}`);
    found = { scripts: [...scripts], styles: [...styles].filter((file) => !linked.has(file)) };
    chunks.set(routeId, found);
    return found;
  }

  return {
    head,
    middle: html.slice(headEnd, at),
    tail: html.slice(at + ROOT.length),
    stylesFor(routeIds) {
      return routeIds
        .flatMap((id) => chunksOf(id).styles)
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
        .join('');
    },
    scriptFor(routeIds) {
      const files = new Set([...preloads, ...routeIds.flatMap((id) => chunksOf(id).scripts)]);
      files.delete(entry);
      return `<script type="module">${appLoader(
        `/${entry}`,
        [...files].map((f) => `/${f}`),
      )}</script>`;
    },
  };
}

/** Fetches the entry and its chunks side by side once the page has loaded and painted. */
function appLoader(entry: string, chunks: string[]): string {
  return (
    `const load=()=>requestAnimationFrame(()=>setTimeout(()=>{` +
    `for(const href of ${JSON.stringify(chunks)}){const l=document.createElement('link');` +
    `l.rel='modulepreload';l.href=href;document.head.append(l)}import(${JSON.stringify(entry)})}));` +
    `document.readyState==='complete'?load():addEventListener('load',load,{once:true});`
  );
}

interface PageAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  headers: Record<string, string | string[]>;
}

/**
 * Renders the requested page as the visitor: the page's API calls go through this app
 * in-process, with the visitor's cookie. A cookie the API sets (a renewed session) is passed on.
 */
async function renderToAnswer(
  app: FastifyInstance,
  renderer: PageRenderer,
  template: PageTemplate,
  request: FastifyRequest,
): Promise<PageAnswer> {
  const setCookies: string[] = [];
  const callApi = async (call: ApiCall): Promise<ApiAnswer> => {
    const answer = await app.inject({
      method: call.method as 'GET',
      url: call.path,
      headers: {
        ...call.headers,
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        'x-request-id': request.id,
      },
      remoteAddress: request.ip,
      payload: call.body,
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (name === 'set-cookie') {
        setCookies.push(...(Array.isArray(value) ? value : [String(value)]));
      } else if (value !== undefined) {
        headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
    }
    return { status: answer.statusCode, headers, body: answer.body };
  };

  const headers: Record<string, string | string[]> = {
    'cache-control': 'no-cache',
    vary: 'cookie',
  };
  const page = await renderer.renderPage({ url: `http://localhost${request.url}`, callApi });
  if (setCookies.length > 0) headers['set-cookie'] = setCookies;
  if (page.kind === 'redirect') {
    return {
      status: page.status,
      contentType: 'text/plain; charset=utf-8',
      body: Buffer.alloc(0),
      headers: { ...headers, location: page.location },
    };
  }
  const html =
    template.head +
    template.stylesFor(page.routeIds) +
    template.middle +
    `<div id="root">${page.appHtml}</div>` +
    `<script id="page-state" type="application/json">${page.stateJson}</script>` +
    template.scriptFor(page.routeIds) +
    template.tail;
  return {
    status: page.status,
    contentType: 'text/html; charset=utf-8',
    body: Buffer.from(html),
    headers,
  };
}
