import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ErrorResponse, User } from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { cookiesFrom, createUser, uniqueTestIp } from './factories.ts';

/** The headers a browser sends with a fetch from a page of `origin` to `host`. */
function browserFetch(origin: string, host = new URL(origin).host) {
  const sameOrigin = new URL(origin).host === host;
  return {
    host,
    origin,
    'sec-fetch-site': sameOrigin ? 'same-origin' : 'cross-site',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
  };
}

function registration() {
  return {
    name: 'Lan Visitor',
    email: `lan-${crypto.randomBytes(5).toString('hex')}@example.test`,
    password: 'correct horse battery',
    phone: '+8801712345678',
    role: 'buyer',
  };
}

describe(`without PUBLIC_URL, the address a page is opened at is its own, on ${testDbKind}`, () => {
  // Empty counts as unset, as in a shell.
  const t = useTestApp({ env: { PUBLIC_URL: '' } });

  for (const address of ['http://127.0.0.1:3000', 'http://192.168.1.20:3000']) {
    it(`registers, signs in, changes the profile and signs out at ${address}`, async () => {
      const headers = browserFetch(address);
      const body = registration();
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: uniqueTestIp(),
        headers,
        payload: body,
      });
      expect(signUp.statusCode, signUp.body).toBe(200);

      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: uniqueTestIp(),
        headers,
        payload: { email: body.email, password: body.password },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const cookie = cookiesFrom(signIn.headers['set-cookie']);

      // The API's own cross-site check agrees with Better Auth's.
      const profile = await t.app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: { ...headers, cookie },
        payload: { name: 'Changed On The Lan', email: body.email, phone: '+15550999' },
      });
      expect(profile.statusCode, profile.body).toBe(200);
      const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
      expect(me.json<User>().name).toBe('Changed On The Lan');

      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { ...headers, cookie },
      });
      expect(out.statusCode, out.body).toBe(200);
      expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    });
  }

  it('still refuses a page of another site, in words and in the error shape', async () => {
    const user = await createUser(t, { role: 'buyer', name: 'Kept Name' });
    const evil = browserFetch('https://evil.example', '127.0.0.1:3000');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: uniqueTestIp(),
      headers: evil,
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const message = signIn.json<ErrorResponse>().error.message;
    expect(message).not.toMatch(/invalid origin/i);
    expect(message).toMatch(/other sites/);

    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...evil, 'sec-fetch-site': 'same-site', ...user.headers },
      payload: { name: 'Changed Name', email: user.email, phone: '+15550999' },
    });
    expect(profile.statusCode).toBe(403);
    const row = await t.app.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Kept Name');
  });
});

describe(`with PUBLIC_URL, other addresses are told where to go, on ${testDbKind}`, () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://market.example' } });

  it('refuses sign-in and registration from another address with JSON naming PUBLIC_URL', async () => {
    const headers = browserFetch('http://127.0.0.1:3000');
    const user = await createUser(t, { role: 'buyer' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: uniqueTestIp(),
      headers,
      payload: { email: user.email, password: user.password },
    });
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: uniqueTestIp(),
      headers,
      payload: registration(),
    });
    for (const res of [signIn, signUp]) {
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        error: {
          code: 'FORBIDDEN',
          message: 'Phone Market is served at https://market.example. Open it there and try again.',
          reason: 'common.wrongOrigin',
        },
      });
    }
  });

  it("answers the API's own cross-site refusal with the same words", async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...browserFetch('http://127.0.0.1:3000'), ...user.headers },
      payload: { name: 'Changed Name', email: user.email, phone: '+15550999' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorResponse>().error.message).toBe(
      'Phone Market is served at https://market.example. Open it there and try again.',
    );
  });

  it('accepts the same requests from PUBLIC_URL itself', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: uniqueTestIp(),
      headers: browserFetch('https://market.example'),
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
  });
});
