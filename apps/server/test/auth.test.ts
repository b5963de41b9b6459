import { describe, expect, it } from 'vitest';
import { MESSAGES, type ErrorResponse, type User } from '@market/shared';
import { readBool } from '../src/db/dialect.ts';
import { buildTestApp, testDbKind, useTestApp } from './build-test-app.ts';
import { cookiesFrom, createUser, uniqueTestIp } from './factories.ts';
import { SAME_ORIGIN, sameOriginPost } from './helpers/auth.ts';

const t = useTestApp();

const signUp = (body: Record<string, unknown>, ip = uniqueTestIp()) =>
  sameOriginPost(t, '/api/auth/sign-up/email', body, { remoteAddress: ip });

const signIn = (email: string, password: string, ip = uniqueTestIp()) =>
  sameOriginPost(t, '/api/auth/sign-in/email', { email, password }, { remoteAddress: ip });

function me(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers });
}

let emailCounter = 0;
function registration(overrides: Record<string, unknown> = {}) {
  emailCounter += 1;
  return {
    name: 'Nadia Rahman',
    email: `nadia.${emailCounter}.${Date.now()}@example.test`,
    password: 'correct horse battery',
    phone: '+8801712345678',
    role: 'buyer',
    image: '/api/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp',
    ...overrides,
  };
}

async function usersWithEmail(email: string) {
  return t.app.db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}

describe(`sign-up on ${testDbKind}`, () => {
  it('creates a buyer with phone, image and a session cookie', async () => {
    const body = registration();
    const res = await signUp(body);
    expect(res.statusCode).toBe(200);
    const cookie = cookiesFrom(res.headers['set-cookie']);
    expect(cookie).toMatch(/session_token=/);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(res.headers['set-cookie'])).toMatch(/SameSite=Lax/i);

    const [row] = await usersWithEmail(body.email);
    expect(row).toMatchObject({
      name: 'Nadia Rahman',
      email: body.email.toLowerCase(),
      phone: '+8801712345678',
      role: 'buyer',
      image: '/api/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp',
    });
    expect(readBool(row!.isVerifiedUser)).toBe(false);

    const self = await me({ cookie });
    expect(self.statusCode).toBe(200);
    expect(self.json<User>()).toMatchObject({ email: body.email, role: 'buyer' });
  });

  it('creates a seller, unverified, with the email in lower case', async () => {
    const body = registration({ role: 'seller', email: `Mixed.Case.${Date.now()}@Example.TEST` });
    const res = await signUp(body);
    expect(res.statusCode).toBe(200);
    const [row] = await usersWithEmail(body.email as string);
    expect(row?.email).toBe((body.email as string).toLowerCase());
    expect(row?.role).toBe('seller');
    expect(readBool(row!.isVerifiedUser)).toBe(false);
  });

  it('refuses a second account with the same email, also in other letter case', async () => {
    const body = registration();
    expect((await signUp(body)).statusCode).toBe(200);
    const again = await signUp({ ...body, name: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorResponse>().error.code).toBe('CONFLICT');
    const shouted = await signUp({ ...body, email: body.email.toUpperCase() });
    expect(shouted.statusCode).toBe(409);
    expect(await usersWithEmail(body.email)).toHaveLength(1);
  });

  it('refuses a password shorter than 8 characters and creates nothing', async () => {
    const body = registration({ password: 'short7!' });
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: expect.stringMatching(/at least 8/) },
    });
    expect(await usersWithEmail(body.email)).toHaveLength(0);
  });

  it('refuses a phone that is not digits and creates nothing', async () => {
    for (const phone of ['call me', '12-34', '', '+1']) {
      const body = registration({ phone });
      const res = await signUp(body);
      expect(res.statusCode, phone).toBe(400);
      expect(await usersWithEmail(body.email)).toHaveLength(0);
    }
  });

  it('refuses role admin or an unknown role in the sign-up body and creates nothing', async () => {
    for (const role of ['admin', 'superuser']) {
      const body = registration({ role });
      const res = await signUp(body);
      expect(res.statusCode, role).toBe(400);
      expect(res.json<ErrorResponse>().error.code).toBe('VALIDATION_FAILED');
      expect(await usersWithEmail(body.email)).toHaveLength(0);
    }
  });

  it('never lets the sign-up body mark the account verified', async () => {
    const body = registration({ role: 'seller', isVerifiedUser: true });
    const res = await signUp(body);
    const rows = await usersWithEmail(body.email);
    if (res.statusCode === 200) expect(readBool(rows[0]!.isVerifiedUser)).toBe(false);
    else expect(rows).toHaveLength(0);
  });
});

describe(`sign-in on ${testDbKind}`, () => {
  it('signs in with the right password, whatever the letter case of the email', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await signIn(user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const cookie = cookiesFrom(res.headers['set-cookie']);
    expect((await me({ cookie })).json<User>()._id).toBe(user.id);
  });

  it('answers a wrong password and an unknown email with the same message', async () => {
    const user = await createUser(t, { role: 'seller' });
    const wrongPassword = await signIn(user.email, 'not-the-password');
    const unknownEmail = await signIn(`nobody-${Date.now()}@example.test`, user.password);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    const refusal = { error: { code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials } };
    expect(wrongPassword.json()).toEqual(refusal);
    expect(unknownEmail.json()).toEqual(refusal);
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });
});

describe(`sessions on ${testDbKind}`, () => {
  it('ends the session at once on log-out', async () => {
    const user = await createUser(t, { role: 'buyer' });
    expect((await me(user.headers)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...user.headers, origin: SAME_ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(user.headers)).statusCode).toBe(401);
    const sessions = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(0);
  });

  it("refuses a deleted user's session at once", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const seller = await createUser(t, { role: 'seller' });
    expect((await me(seller.headers)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/all-sellers/${encodeURIComponent(seller.email)}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await me(seller.headers)).statusCode).toBe(401);
  });

  it('refuses a cookie whose signature was tampered with', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const [name, value] = user.cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await me({ cookie: forged })).statusCode).toBe(401);
  });

  it('sets Secure cookies when the public URL is https', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://market.example' } });
    try {
      const user = await createUser(secure, { role: 'buyer' });
      expect(user.cookie).toMatch(/^__Secure-/);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: uniqueTestIp(),
        payload: { email: user.email, password: user.password },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      expect((await secure.app.inject({ url: '/api/me', headers: user.headers })).statusCode).toBe(
        200,
      );
    } finally {
      await secure.close();
    }
  });
});

describe(`cross-site requests on ${testDbKind}`, () => {
  const profile = (user: { email: string }) => ({
    name: 'Changed Name',
    email: user.email,
    phone: '+15550999',
  });

  it('refuses a cookie-authenticated PUT from another origin, changing nothing', async () => {
    const user = await createUser(t, { role: 'buyer', name: 'Kept Name' });
    const fromElsewhere = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...user.headers, origin: 'https://evil.example' },
      payload: profile(user),
    });
    expect(fromElsewhere.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...user.headers, 'sec-fetch-site': 'cross-site' },
      payload: profile(user),
    });
    expect(crossSite.statusCode).toBe(403);
    const refererElsewhere = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...user.headers, referer: 'https://evil.example/page' },
      payload: profile(user),
    });
    expect(refererElsewhere.statusCode).toBe(403);
    const row = await t.app.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.name).toBe('Kept Name');
  });

  it('accepts the same request from our own origin', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...user.headers, origin: SAME_ORIGIN, 'sec-fetch-site': 'same-origin' },
      payload: profile(user),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a cross-site sign-out through Better Auth', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...user.headers, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await me(user.headers)).statusCode).toBe(200);
  });

  it('refuses role or verification changes through update-user', async () => {
    const user = await createUser(t, { role: 'buyer' });
    for (const payload of [{ role: 'admin' }, { isVerifiedUser: true }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...user.headers, origin: SAME_ORIGIN },
        payload,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    const row = await t.app.db
      .selectFrom('users')
      .select(['role', 'isVerifiedUser'])
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.role).toBe('buyer');
    expect(readBool(row!.isVerifiedUser)).toBe(false);
  });
});
