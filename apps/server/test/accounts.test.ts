import { SignJWT } from 'jose';
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, User } from '@market/shared';
import { DEMO_ACCOUNTS } from '../src/modules/demo/demo-data.ts';
import { readBool } from '../src/db/dialect.ts';
import { insertUserWithPassword } from '../src/modules/accounts/accounts.repository.ts';
import { buildTestApp, testDbKind, useTestApp } from './build-test-app.ts';
import { cookiesFrom, createUser, uniqueTestIp, type TestUser } from './factories.ts';
import { SAME_ORIGIN } from './helpers/auth.ts';

const t = useTestApp();
let buyer: TestUser;
let seller: TestUser;
let admin: TestUser;

beforeAll(async () => {
  buyer = await createUser(t, { role: 'buyer', name: 'Bina Buyer' });
  seller = await createUser(t, { role: 'seller', verified: true });
  admin = await createUser(t, { role: 'admin' });
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function accessTokenOf(user: TestUser): Promise<string> {
  const res = await get(`/api/jwt?email=${encodeURIComponent(user.email)}`, user.headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}

async function userRow(id: string) {
  return t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe(`GET /api/jwt on ${testDbKind}`, () => {
  it('gives the signed-in user an HS256 token for their own email, valid at most one hour', async () => {
    const token = await accessTokenOf(buyer);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
    expect(header.alg).toBe('HS256');
    expect(payload.sub).toBe(buyer.id);
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(3600);
  });

  it('accepts the email in another letter case', async () => {
    const res = await get(
      `/api/jwt?email=${encodeURIComponent(buyer.email.toUpperCase())}`,
      buyer.headers,
    );
    expect(res.statusCode).toBe(200);
  });

  it("answers 403 for another user's email", async () => {
    const res = await get(`/api/jwt?email=${encodeURIComponent(seller.email)}`, buyer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('answers 401 without a session', async () => {
    const res = await get(`/api/jwt?email=${encodeURIComponent(buyer.email)}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });
});

describe(`bearer access tokens on ${testDbKind}`, () => {
  it('is accepted as Authorization: Bearer, without a cookie', async () => {
    const token = await accessTokenOf(seller);
    const res = await get('/api/me', { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ _id: seller.id, role: 'seller' });
  });

  it('lets a bearer request change data without an Origin check', async () => {
    const token = await accessTokenOf(seller);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { authorization: `Bearer ${token}`, origin: 'https://other.example' },
      payload: { name: 'Seller Via Token', email: seller.email, phone: '+15550777' },
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(seller.id)).name).toBe('Seller Via Token');
  });

  it('refuses an expired token', async () => {
    const session = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('userId', '=', buyer.id)
      .executeTakeFirstOrThrow();
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const expired = await t.app.accessTokens.issue({ sub: buyer.id, sid: session.id }, twoHoursAgo);
    const res = await get('/api/me', { authorization: `Bearer ${expired}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token signed with another key, or with alg none', async () => {
    const session = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('userId', '=', admin.id)
      .executeTakeFirstOrThrow();
    const forged = await new SignJWT({ sid: session.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuer(SAME_ORIGIN)
      .setAudience(`${SAME_ORIGIN}/api`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(crypto.randomBytes(32));
    expect((await get('/api/me', { authorization: `Bearer ${forged}` })).statusCode).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: admin.id, sid: session.id }),
    ).toString('base64url')}.`;
    expect((await get('/api/me', { authorization: `Bearer ${unsigned}` })).statusCode).toBe(401);
  });

  it('stops working when its session signs out', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const token = await accessTokenOf(user);
    expect((await get('/api/me', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...user.headers, origin: SAME_ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    expect((await get('/api/me', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });
});

describe(`role lookups on ${testDbKind}`, () => {
  const lookup = (kind: 'buyers' | 'seller' | 'admin', email: string, headers = {}) =>
    get(`/api/users/${kind}/${encodeURIComponent(email)}`, headers);

  it('answers users about themselves', async () => {
    expect((await lookup('buyers', buyer.email, buyer.headers)).json()).toEqual({ isBuyer: true });
    expect((await lookup('seller', buyer.email, buyer.headers)).json()).toEqual({
      isSeller: false,
    });
    expect((await lookup('admin', buyer.email, buyer.headers)).json()).toEqual({ isAdmin: false });
    expect((await lookup('seller', seller.email, seller.headers)).json()).toEqual({
      isSeller: true,
    });
    expect((await lookup('admin', admin.email, admin.headers)).json()).toEqual({ isAdmin: true });
  });

  it('answers 403 to a user asking about someone else, 401 to anonymous', async () => {
    for (const kind of ['buyers', 'seller', 'admin'] as const) {
      expect((await lookup(kind, seller.email, buyer.headers)).statusCode).toBe(403);
      expect((await lookup(kind, admin.email, seller.headers)).statusCode).toBe(403);
      expect((await lookup(kind, buyer.email)).statusCode).toBe(401);
    }
  });

  it('answers admins about anyone, false for an unknown email', async () => {
    expect((await lookup('buyers', buyer.email, admin.headers)).json()).toEqual({ isBuyer: true });
    expect((await lookup('seller', buyer.email, admin.headers)).json()).toEqual({
      isSeller: false,
    });
    expect((await lookup('seller', seller.email, admin.headers)).json()).toEqual({
      isSeller: true,
    });
    expect((await lookup('buyers', 'nobody@example.test', admin.headers)).json()).toEqual({
      isBuyer: false,
    });
  });

  it('answers GET /seller-role publicly, [] for a buyer and for an unknown email', async () => {
    expect(
      (await get(`/api/seller-role?email=${encodeURIComponent(seller.email)}`)).json(),
    ).toEqual([{ isVerifiedUser: true }]);
    expect((await get(`/api/seller-role?email=${encodeURIComponent(buyer.email)}`)).json()).toEqual(
      [],
    );
    const unknown = await get('/api/seller-role?email=nobody%40example.test');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
  });
});

describe(`PUT /api/users and GET /api/me on ${testDbKind}`, () => {
  const put = (user: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...user.headers, origin: SAME_ORIGIN },
      payload,
    });

  it('saves the own name, phone and image', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await put(user, {
      name: 'New Name',
      email: user.email,
      phone: '+8801999999999',
      img: '/api/images/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp',
      role: 'buyer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({
      name: 'New Name',
      img: '/api/images/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp',
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ name: 'New Name', phone: '+8801999999999', role: 'buyer' });
    expect((await get('/api/me', user.headers)).json<User>().name).toBe('New Name');
  });

  it('refuses role admin in the body; the user stays a buyer', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await put(user, {
      name: 'Would Be Admin',
      email: user.email,
      phone: '+15550100',
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
    expect((await userRow(user.id)).role).toBe('buyer');
  });

  it('refuses switching buyer to seller after registration', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await put(user, {
      name: 'X',
      email: user.email,
      phone: '+15550100',
      role: 'seller',
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow(user.id)).role).toBe('buyer');
  });

  it("refuses to touch another user's profile", async () => {
    const res = await put(buyer, { name: 'Hijacked', email: seller.email, phone: '+15550100' });
    expect(res.statusCode).toBe(403);
    expect((await userRow(seller.id)).name).not.toBe('Hijacked');
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await get('/api/me')).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      payload: { name: 'A', email: buyer.email, phone: '+15550100' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('shows GET /api/me as the shared user shape', async () => {
    const res = await get('/api/me', seller.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toEqual({
      _id: seller.id,
      name: expect.any(String),
      email: seller.email,
      phone: expect.any(String),
      img: null,
      role: 'seller',
      isVerifiedUser: true,
    });
  });
});

describe(`GET /api/session on ${testDbKind}`, () => {
  it('answers null to a visitor, never 401', async () => {
    const res = await get('/api/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('renews a session that is a day old, cookie included, and leaves a fresh one alone', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const fresh = await get('/api/session', user.headers);
    expect(fresh.json<{ user: User }>().user.email).toBe(user.email);
    expect(fresh.headers['set-cookie']).toBeUndefined();

    // Signed in six days and one hour ago: past the one-day renewal age of a seven-day session.
    const dayMs = 24 * 60 * 60 * 1000;
    const oldExpiry = new Date(Date.now() + dayMs - 60 * 60 * 1000);
    const session = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('sessions')
      .set({ expiresAt: testDbKind === 'postgres' ? oldExpiry : oldExpiry.toISOString() })
      .where('id', '=', session.id)
      .execute();
    await t.app.forgetUserSessions(user.id);

    const renewed = await get('/api/session', user.headers);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<{ user: User }>().user.email).toBe(user.email);
    expect(String(renewed.headers['set-cookie'])).toMatch(/session_token=/);
    const row = await t.app.db
      .selectFrom('sessions')
      .select('expiresAt')
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    const expiresAt = new Date(row.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 6.9 * dayMs);
  });
});

describe(`GET /api/app-config on ${testDbKind}`, () => {
  it('says no social sign-in, no demo admin and no support address by default', async () => {
    expect((await get('/api/app-config')).json<AppConfig>()).toEqual({
      socialSignIn: null,
      demoAdmin: null,
      supportEmail: null,
    });
  });

  it('shows the demo admin in demo mode, and Google when configured', async () => {
    const demo = await buildTestApp({
      seedDemo: true,
      env: { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' },
    });
    try {
      const res = await demo.app.inject({ url: '/api/app-config' });
      expect(res.json<AppConfig>()).toEqual({
        socialSignIn: 'google',
        demoAdmin: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
        // A demo on http has a support address of its own, as SUPPORT_EMAIL would give.
        supportEmail: 'support@example.com',
      });
      // The credentials shown on the log-in page work.
      const signIn = await demo.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: uniqueTestIp(),
        payload: DEMO_ACCOUNTS.admin,
      });
      expect(signIn.statusCode).toBe(200);
      const me = await demo.app.inject({
        url: '/api/me',
        headers: { cookie: cookiesFrom(signIn.headers['set-cookie']) },
      });
      expect(me.json<User>().role).toBe('admin');
    } finally {
      await demo.close();
    }
  });
});

describe(`admin from ADMIN_EMAIL/ADMIN_PASSWORD on ${testDbKind}`, () => {
  it('creates the admin at start, who can sign in', async () => {
    const app = await buildTestApp({
      env: { ADMIN_EMAIL: 'Boss@Example.test', ADMIN_PASSWORD: 'boss-password-1' },
    });
    try {
      const row = await app.app.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'boss@example.test')
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('admin');
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: uniqueTestIp(),
        payload: { email: 'boss@example.test', password: 'boss-password-1' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('promotes an existing account and sets the configured password', async () => {
    const first = await buildTestApp();
    const email = 'promoted@example.test';
    await insertUserWithPassword(first.app.db, {
      name: 'Was Buyer',
      email,
      password: 'old-password-1',
      phone: '+15550100',
      role: 'buyer',
      isVerifiedUser: false,
    });
    // The same database, started again with the admin settings.
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const config = loadConfig({
      ...Object.fromEntries(
        Object.entries({
          DATA_DIR: first.db.dataDir,
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
          AUTH_SECRET: first.config.authSecret,
          PUBLIC_URL: first.config.publicUrl,
          DATABASE_URL: first.db.url,
        }).filter(([, v]) => v !== undefined),
      ),
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: 'new-password-1',
    });
    const second = await buildApp(config, { database: first.db.handle, serveWeb: false });
    try {
      const row = await second.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('admin');
      expect(readBool(row.isVerifiedUser)).toBe(false);
      const signIn = (password: string) =>
        second.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: uniqueTestIp(),
          payload: { email, password },
        });
      expect((await signIn('old-password-1')).statusCode).toBe(401);
      expect((await signIn('new-password-1')).statusCode).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
