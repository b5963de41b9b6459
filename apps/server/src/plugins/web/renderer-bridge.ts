// The renderer bridge: loads the web build's server entry and renders a page as the visitor.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiAnswer, ApiCall, PageRenderer, PageRendererModule, Role } from '@market/shared';
import { isRoleGenericCall, standInUser } from './page-cache-policy.ts';
import { alternateLinks, type PageLanguage } from './page-language.ts';
import type { PageTemplate } from './page-template.ts';
import { pageAddress } from '../../lib/page-address.ts';

/** Where the built web app keeps its server entry, beside the browser build. */
export function serverEntryFile(distDir: string): string {
  return path.join(distDir, '../dist-server/entry-server.js');
}

/** The web build's page renderer, or null when the build has no server entry. */
export async function loadRenderer(distDir: string): Promise<PageRenderer | null> {
  const entry = serverEntryFile(distDir);
  if (!fs.existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as PageRendererModule;
  return module.createPageRenderer(new AsyncLocalStorage());
}

/** The request's Host (and, behind a proxy, its forwarded scheme and host), as it came. */
function addressHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['host', 'x-forwarded-proto', 'x-forwarded-host']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

export interface PageAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  headers: Record<string, string | string[]>;
}

/** A page drawn for everyone of a role asked for something personal: it is drawn per visitor. */
export class PersonalPageError extends Error {
  constructor(call: ApiCall) {
    super(`${call.method} ${call.path} is personal; the page is drawn for its visitor`);
  }
}

/**
 * Renders the requested page as the visitor, in the language of its address: the page's API calls
 * go through this app in-process, with the visitor's cookie. A cookie the API sets (a renewed session) is passed on.
 *
 * With `asRole`, the page is drawn for everyone of that role: it shows a stand-in user with the
 * role and nothing personal, may make only calls whose answers are the same for the whole role
 * (PersonalPageError otherwise), and passes no cookie on, so that it can be kept and shared.
 */
export async function renderAnswer(
  app: FastifyInstance,
  renderer: PageRenderer,
  template: PageTemplate,
  request: FastifyRequest,
  { language, path }: Pick<PageLanguage, 'language' | 'path'>,
  { asRole }: { asRole?: Role } = {},
): Promise<PageAnswer> {
  const setCookies: string[] = [];
  // The page may catch a refused call and draw an error instead; it must not be shared then.
  let refused: ApiCall | null = null;
  const callApi = async (call: ApiCall): Promise<ApiAnswer> => {
    if (asRole) {
      if (call.method === 'GET' && call.path === '/api/session') {
        return {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ user: standInUser(asRole) }),
        };
      }
      if (!isRoleGenericCall(call.method, call.path)) {
        refused ??= call;
        throw new PersonalPageError(call);
      }
    }
    const answer = await app.inject({
      method: call.method as 'GET',
      url: call.path,
      headers: {
        ...call.headers,
        // The address the page was opened at, which its share tags use when PUBLIC_URL is unset.
        ...addressHeaders(request),
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        // A refusal the page shows is worded in the page's language.
        'accept-language': language,
        'x-request-id': request.id,
      },
      remoteAddress: request.ip,
      payload: call.body,
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (name === 'set-cookie') {
        if (asRole) continue;
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
  const { currency } = app.config;
  const page = await renderer.renderPage({
    url: `http://localhost${request.url}`,
    language,
    currency,
    callApi,
  });
  if (refused) throw new PersonalPageError(refused);
  if (setCookies.length > 0) headers['set-cookie'] = setCookies;
  if (page.kind === 'redirect') {
    return {
      status: page.status,
      contentType: 'text/plain; charset=utf-8',
      body: Buffer.alloc(0),
      headers: { ...headers, location: page.location },
    };
  }
  return {
    status: page.status,
    contentType: 'text/html; charset=utf-8',
    body: Buffer.from(
      template.page(page, {
        language,
        currency,
        alternates: alternateLinks(pageAddress(app.config, request), path),
      }),
    ),
    headers,
  };
}
