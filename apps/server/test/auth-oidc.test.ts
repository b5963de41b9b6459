import net from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_NOT_AVAILABLE, type User } from '@market/shared';
import { readBool } from '../src/db/dialect.ts';
import { buildTestApp, testDbKind, type TestApp } from './build-test-app.ts';

const CLIENT_ID = 'phone-market';
const CLIENT_SECRET = 'phone-market-secret-for-tests';
const PERSON = { sub: 'person-42', email: 'Oidc.Person@Example.TEST', name: 'Oidc Person' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A browser's cookies, per origin, as real HTTP redirects set them. */
class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  store(url: string, response: Response): void {
    const origin = new URL(url).origin;
    const jar = this.byOrigin.get(origin) ?? new Map<string, string>();
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.byOrigin.set(origin, jar);
  }

  header(url: string): string {
    const jar = this.byOrigin.get(new URL(url).origin);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }
}

/** One request as a browser makes it: cookies sent and kept, redirects not followed. */
async function browse(
  jar: CookieJar,
  url: string,
  init: { method?: string; body?: string; contentType?: string; origin?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { cookie: jar.header(url) };
  if (init.contentType) headers['content-type'] = init.contentType;
  if (init.origin) headers.origin = init.origin;
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body,
    redirect: 'manual',
  });
  jar.store(url, response);
  return response;
}

let opServer: Server;
let t: TestApp;
let appUrl: string;

beforeAll(async () => {
  const [opPort, appPort] = [await freePort(), await freePort()];
  const issuer = `http://127.0.0.1:${opPort}`;
  appUrl = `http://127.0.0.1:${appPort}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: PERSON.email,
        email_verified: true,
        name: PERSON.name,
        // A picture on the provider's site: not shown here (the default avatar is).
        picture: 'https://provider.example/photos/oidc-person.jpg',
      }),
    }),
  });
  opServer = provider.listen(opPort);

  t = await buildTestApp({
    env: {
      PUBLIC_URL: appUrl,
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
    },
  });
  await t.app.listen({ port: appPort, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (opServer ? opServer.close(() => resolve()) : resolve()));
});

/** Follows redirects from `url` until one leaves for `stopAt` (or a page answers 200). */
async function follow(
  jar: CookieJar,
  url: string,
  stopAt?: string,
): Promise<{ status: number; url: string }> {
  let current = url;
  for (let hop = 0; hop < 15; hop += 1) {
    const res = await browse(jar, current);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location)
      return { status: res.status, url: current };
    current = new URL(location, current).toString();
    if (stopAt && current.startsWith(stopAt)) return { status: res.status, url: current };
  }
  throw new Error(`too many redirects from ${url}`);
}

describe(`social sign-in through a local OpenID Connect server on ${testDbKind}`, () => {
  it('says so in the app configuration', async () => {
    const res = await fetch(`${appUrl}/api/app-config`);
    expect(await res.json()).toEqual({ socialSignIn: 'oidc', demoAdmin: null, supportEmail: null });
  });

  it('creates a buyer with phone "not available" and signs them in', async () => {
    const jar = new CookieJar();
    const start = await browse(jar, `${appUrl}/api/auth/sign-in/social`, {
      method: 'POST',
      contentType: 'application/json',
      origin: appUrl,
      body: JSON.stringify({ provider: 'oidc', callbackURL: `${appUrl}/` }),
    });
    expect(start.status).toBe(200);
    const { url: authorizeUrl } = (await start.json()) as { url: string };
    const authorize = new URL(authorizeUrl);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);

    // The provider asks the person to log in, then to consent.
    let page = await follow(jar, authorizeUrl);
    for (const prompt of ['login', 'consent']) {
      expect(page.status, `${prompt} page`).toBe(200);
      expect(page.url).toMatch(/\/interaction\//);
      const submitted = await browse(jar, page.url, {
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({ prompt, login: PERSON.sub, password: 'any' }).toString(),
      });
      expect(submitted.status).toBeGreaterThanOrEqual(300);
      const next = new URL(submitted.headers.get('location')!, page.url).toString();
      page = await follow(jar, next, `${appUrl}/api/auth/callback/oidc`);
      if (page.url.startsWith(`${appUrl}/api/auth/callback/oidc`)) break;
    }
    expect(page.url).toContain('/api/auth/callback/oidc?code=');

    // Back at our callback: a session cookie and a redirect to the page the user came from.
    const callback = await browse(jar, page.url);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(`${appUrl}/`);
    expect(jar.header(appUrl)).toMatch(/session_token=/);

    const me = await browse(jar, `${appUrl}/api/me`);
    expect(me.status).toBe(200);
    const user = (await me.json()) as User;
    expect(user).toMatchObject({
      email: PERSON.email.toLowerCase(),
      name: PERSON.name,
      role: 'buyer',
      phone: PHONE_NOT_AVAILABLE,
      isVerifiedUser: false,
      img: null,
    });

    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'oidc.person@example.test',
      role: 'buyer',
      phone: PHONE_NOT_AVAILABLE,
    });
    expect(readBool(row.isVerifiedUser)).toBe(false);
    const account = await t.app.db
      .selectFrom('accounts')
      .select(['providerId', 'accountId'])
      .where('userId', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ providerId: 'oidc', accountId: PERSON.sub });
  });
});
