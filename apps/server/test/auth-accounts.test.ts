import { describe, expect, it } from 'vitest';
import { DEEP_BODY_MESSAGE, JSON_MAX_DEPTH, type ErrorResponse } from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { SAME_ORIGIN, sameOriginJson, sameOriginPost } from './helpers/auth.ts';

const t = useTestApp();

const updateUser = (user: TestUser, payload: unknown) =>
  sameOriginJson(t, user, '/api/auth/update-user', payload);

function putUser(user: TestUser, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/users',
    headers: { ...user.headers, origin: SAME_ORIGIN },
    payload: { email: user.email, phone: '+15550123', ...payload },
  });
}

async function profileOf(user: TestUser) {
  return t.app.db
    .selectFrom('users')
    .select(['name', 'phone', 'image'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
}

describe(`POST /api/auth/update-user follows PUT /api/users on ${testDbKind}`, () => {
  it('answers 400, not 500, for values of the wrong type, and changes nothing', async () => {
    const user = await createUser(t, { role: 'buyer', name: 'Kept Name' });
    const before = await profileOf(user);
    for (const payload of [
      { name: { a: 1 } },
      { name: ['a'] },
      { name: 42 },
      { image: { url: 'x' } },
      { phone: 5550123 },
      ['not', 'an', 'object'],
    ]) {
      const res = await updateUser(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<ErrorResponse>().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await profileOf(user)).toEqual(before);
  });

  it('answers 400, not 500, for a deeply nested body, and changes nothing', async () => {
    const user = await createUser(t, { role: 'buyer', name: 'Kept Name' });
    const deep = `${'{"a":'.repeat(10_000)}"x"${'}'.repeat(10_000)}`;
    for (const body of [deep, `{"name":"Deep","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`]) {
      const res = await sameOriginPost(t, '/api/auth/update-user', body, {
        headers: { ...user.headers, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorResponse>().error.message).toBe(DEEP_BODY_MESSAGE);
    }
    expect((await profileOf(user)).name).toBe('Kept Name');
  });

  it('refuses the names PUT /api/users refuses, with the same message', async () => {
    const user = await createUser(t, { role: 'buyer', name: 'Kept Name' });
    for (const name of ['', '   ', 'x'.repeat(5000), 'y'.repeat(81)]) {
      const viaAuth = await updateUser(user, { name });
      const viaUsers = await putUser(user, { name });
      expect(viaAuth.statusCode, `${name.length} characters`).toBe(400);
      expect(viaUsers.statusCode).toBe(400);
      expect(viaAuth.json<ErrorResponse>().error.fields?.name).toBe(
        viaUsers.json<ErrorResponse>().error.fields?.name,
      );
    }
    expect((await profileOf(user)).name).toBe('Kept Name');
  });

  it('refuses a phone PUT /api/users refuses', async () => {
    const user = await createUser(t, { role: 'buyer', phone: '+15550123' });
    const res = await updateUser(user, { phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect((await profileOf(user)).phone).toBe('+15550123');
  });

  it('saves a valid change as PUT /api/users would (the name trimmed)', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await updateUser(user, { name: '  Nadia Rahman  ', phone: '+15550777' });
    expect(res.statusCode).toBe(200);
    expect(await profileOf(user)).toMatchObject({ name: 'Nadia Rahman', phone: '+15550777' });
  });
});

describe(`GET /api/seller-role tells nobody who has an account, on ${testDbKind}`, () => {
  it('answers [] for a buyer, an admin and an unknown email, and the verification of a seller', async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    const admin = await createUser(t, { role: 'admin' });
    const seller = await createUser(t, { role: 'seller', verified: true });
    const newSeller = await createUser(t, { role: 'seller', verified: false });
    const lookup = async (email: string) => {
      const res = await t.app.inject({
        url: `/api/seller-role?email=${encodeURIComponent(email)}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await lookup(buyer.email)).toEqual([]);
    expect(await lookup(admin.email.toUpperCase())).toEqual([]);
    expect(await lookup('nobody-at-all@example.test')).toEqual([]);
    expect(await lookup(seller.email)).toEqual([{ isVerifiedUser: true }]);
    expect(await lookup(newSeller.email.toUpperCase())).toEqual([{ isVerifiedUser: false }]);
  });
});

describe(`every JSON body has a nesting limit, on ${testDbKind}`, () => {
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('refuses a body nested past the limit on API routes with 400 and a message', async () => {
    const user = await createUser(t, { role: 'buyer', name: 'Kept Name' });
    for (const [method, url] of [
      ['PUT', '/api/users'],
      ['POST', '/api/bookings'],
      ['POST', '/api/wishlist'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...user.headers, origin: SAME_ORIGIN, 'content-type': 'application/json' },
        payload: `{"name":"Deep","x":${nested(10_000)}}`,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ErrorResponse>().error.message, url).toBe(DEEP_BODY_MESSAGE);
    }
    expect((await profileOf(user)).name).toBe('Kept Name');
  });

  it('counts brackets inside strings as text, and lets a body at the limit through', async () => {
    const user = await createUser(t, { role: 'buyer', name: 'Kept Name' });
    const res = await putUser(user, { name: '[[[[{{{{'.repeat(10) });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(user)).name).toBe('[[[[{{{{'.repeat(10));
    const atLimit = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...user.headers, origin: SAME_ORIGIN, 'content-type': 'application/json' },
      payload: `{"name":"At Limit","email":"${user.email}","phone":"+15550123","x":${nested(JSON_MAX_DEPTH - 1)}}`,
    });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect((await profileOf(user)).name).toBe('At Limit');
  });
});
