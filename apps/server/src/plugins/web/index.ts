// The web app: every GET that no file or API route answers is a page, drawn here or in the browser.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language, type Role } from '@market/shared';
import { sendText } from '../../lib/compression.ts';
import { addressKey } from '../../lib/page-address.ts';
import { cspForInlineScripts, inlineScriptHashes, scriptHash } from '../security-headers.ts';
import { pageDelivery } from './page-cache-policy.ts';
import {
  htmlElementFor,
  pageLanguage,
  withoutLanguageCookie,
  type PageLanguage,
} from './page-language.ts';
import { pageTemplate, readWebBuild } from './page-template.ts';
import { loadRenderer, PersonalPageError, renderAnswer } from './renderer-bridge.ts';
import { serveDemoImages, serveWebBuild, shellSender } from './static-assets.ts';

/** A page opened by a secret link: no cache keeps it, no search engine lists it, no link leaks it. */
const NO_STORE = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
};

/**
 * A page drawn for a signed-in visitor: checked each time, and private, so that the app's
 * service worker keeps no offline copy of it (decision 0041).
 */
const SIGNED_IN_PAGE_CACHE_CONTROL = 'private, no-cache';

/**
 * Serves the built web app. Public pages are rendered to HTML with their data, so they show
 * before any script has run; the browser then takes them over. The dashboard, and any page the
 * server could not render, gets the plain page shell and is drawn in the browser.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await serveDemoImages(app);

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

  const shell = fs.readFileSync(indexFile, 'utf8');
  // The page shell's own inline scripts are allowed by their hashes; nothing a page draws is.
  const shellScripts = inlineScriptHashes(shell);
  const shellPolicy = cspForInlineScripts(shellScripts);
  await serveWebBuild(app, distDir, shellPolicy);
  // The shell names its language and the currency, which the browser app reads.
  const shells = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      shellSender(Buffer.from(htmlElementFor(shell, language, app.config.currency)), shellPolicy),
    ]),
  ) as Record<Language, ReturnType<typeof shellSender>>;
  const renderer = await loadRenderer(distDir);
  if (!renderer) {
    app.log.warn({ distDir }, 'the web app has no server entry; pages are drawn in the browser');
    return pageRoute(app, (_request, reply, { language }) => shells[language](reply));
  }
  const template = pageTemplate(readWebBuild(distDir), renderer.lazyRouteIds);
  // The loader's text is the same on every page, so one policy serves all drawn pages; it
  // travels in the answer's headers, so a cached page keeps it.
  const pagePolicy = cspForInlineScripts([...shellScripts, scriptHash(template.loaderScript)]);

  return pageRoute(app, async (request, reply, language) => {
    const sendShell = shells[language.language];
    // The language cookie is not a session: such a visitor's pages are shared like anyone's.
    const cookie = withoutLanguageCookie(request.headers.cookie);
    const delivery = await pageDelivery({
      url: language.path,
      headers: { cookie },
      getActor: () => request.getActor(),
    });
    if (delivery.kind === 'shell') return sendShell(reply);
    const render = async (asRole?: Role) => {
      const answer = await renderAnswer(app, renderer, template, request, language, { asRole });
      answer.headers['content-security-policy'] = pagePolicy;
      if (language.negotiated) answer.headers.vary = 'cookie, accept-language';
      // Drawn for a signed-in role: no shared cache, nor the app's offline copies, keeps it.
      if (asRole) answer.headers['cache-control'] = SIGNED_IN_PAGE_CACHE_CONTROL;
      return answer;
    };
    const sendOwn = async () => {
      const answer = await render();
      // Drawn for this visitor, who may be signed in.
      if (cookie !== undefined) {
        answer.headers['cache-control'] = SIGNED_IN_PAGE_CACHE_CONTROL;
      }
      if (delivery.kind === 'own' && delivery.noStore) Object.assign(answer.headers, NO_STORE);
      void reply.status(answer.status).headers(answer.headers).type(answer.contentType);
      return await sendText(reply, answer.body);
    };
    try {
      if (delivery.kind === 'own') return await sendOwn();
      try {
        // Without PUBLIC_URL, a page's share tags name the address it was opened at: one copy each.
        const { at } = addressKey(app.config, request);
        // Each language's page is kept apart: the same address without its prefix, per language.
        const key = `${language.language} ${at ? `${at} ${delivery.key}` : delivery.key}`;
        return await app.pageCache.sendEncoded(reply, key, () =>
          render(delivery.role ?? undefined),
        );
      } catch (err) {
        // A page that shows something personal is drawn for each visitor instead.
        if (err instanceof PersonalPageError) return await sendOwn();
        throw err;
      }
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
  handler: (
    request: FastifyRequest,
    reply: FastifyReply,
    language: PageLanguage,
  ) => Promise<FastifyReply> | FastifyReply,
): void {
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    const language = pageLanguage(request.url, request.headers);
    // A bare address answers by the visitor's cookie and Accept-Language.
    if (language.negotiated) void reply.header('vary', 'cookie, accept-language');
    if (language.redirect) {
      return reply.header('cache-control', 'private, no-cache').redirect(language.redirect, 302);
    }
    return handler(request, reply, language);
  });
}
