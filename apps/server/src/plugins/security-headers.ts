import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer. Scripts come only from this server; a page with
 * inline scripts names each one by its hash (`cspForInlineScripts`). Styles may be inline: the
 * server-drawn pages carry `style` attributes, and styles cannot run code.
 */
const DIRECTIVES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['script-src-attr', ["'none'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  // Every picture is this server's own (uploads are re-encoded and served from /api/images).
  ['img-src', ["'self'", 'data:']],
  ['font-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  // The installable app: its service worker (/sw.js) and its manifest are this server's own.
  ['worker-src', ["'self'"]],
  ['manifest-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
];

/** The CSP source for one inline script: `'sha256-…'` of its exact text. */
export function scriptHash(source: string): string {
  return `'sha256-${crypto.createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SCRIPT_TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const RUNNABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The hashes of the inline scripts a browser would run in this HTML (not `src=` scripts, not
 * data blocks such as `type="application/json"`). Only for markup the server wrote itself,
 * such as the web build's page shell: a hash allows whatever script it names.
 */
export function inlineScriptHashes(trustedHtml: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of trustedHtml.matchAll(SCRIPT_ELEMENT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = SCRIPT_TYPE.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (RUNNABLE_TYPES.has(type)) hashes.push(scriptHash(body));
  }
  return hashes;
}

/**
 * The Content-Security-Policy header of a page whose inline scripts have these hashes (from
 * `scriptHash` or `inlineScriptHashes`). Send it with the page, in place of the default:
 * `reply.header('content-security-policy', cspForInlineScripts(hashes))`.
 */
export function cspForInlineScripts(hashes: Iterable<string>): string {
  const extra = [...new Set(hashes)];
  // Written as helmet writes the default: with no hashes, the two are the same text.
  return DIRECTIVES.map(([name, sources]) =>
    [name, ...sources, ...(name === 'script-src' ? extra : [])].join(' '),
  ).join(';');
}

/**
 * Browser security headers on every answer, as helmet writes them: the policy above (pages
 * with inline scripts send their own), no framing (`frame-ancestors 'none'` and
 * X-Frame-Options), nosniff, no referrer to other sites, and HSTS when PUBLIC_URL is https.
 *
 * helmet runs once, at start, and its headers are kept: @fastify/helmet builds helmet again for
 * every request and writes through `res.setHeader`, which doubled the CPU time of a JSON answer
 * here (docs/decisions/0011-security-headers.md).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders(app.config.publicUrl.startsWith('https:'));
  // A callback hook: it runs on every request, and needs no promise.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with these options, read once from a recording response. */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(DIRECTIVES.map(([name, sources]) => [name, [...sources]])),
    },
    xFrameOptions: { action: 'deny' },
    // The reset page carries its token in the URL: no other site may see it.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60 } : false,
    // Only these: each header is paid for on every answer of a fast API.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xPoweredBy: false,
  });
  // helmet's middleware only sets and removes headers, and calls next at once.
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}
