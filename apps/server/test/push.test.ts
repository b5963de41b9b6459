import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings, PushKey } from '@market/shared';
import { PushWorker } from '../src/modules/push/push-worker.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { cookiesFrom, createUser, signIn, type TestUser } from './factories.ts';
import { call } from './helpers/market.ts';
import { browserKeys, decryptPush, startPushService } from './helpers/push-service.ts';

let service: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());

// The app's own worker stays off: each test runs the workers it counts.
const t = useTestApp(() => ({ env: { OUTBOX_WORKER: 'false', PUSH_SERVICES: service.origin } }));

const SAME_ORIGIN = 'http://localhost:3000';

function worker(clock?: () => Date) {
  const settings = { ...t.config.push, agent: service.agent };
  return new PushWorker(t.app.db, settings, t.app.log, clock);
}

/** A device of the user: its keys, subscribed through the API under the given session. */
async function subscribe(
  user: { headers: { cookie: string } },
  path = `/push/${crypto.randomUUID()}`,
) {
  const keys = browserKeys();
  const endpoint = `${service.origin}${path}`;
  const res = await call(t, user as TestUser, 'POST', '/api/push/subscriptions', {
    endpoint,
    keys: keys.json,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { keys, endpoint, path };
}

function notifySold(user: TestUser, productName: string) {
  return t.app.notifier.transaction((notices) =>
    notices.notify({
      userId: user.id,
      kind: 'saved_sold',
      params: { productName },
      link: '/dashboard/my-wishlist',
      dedupeKey: `test:${crypto.randomUUID()}`,
    }),
  );
}

const receivedAt = (path: string) => service.received.filter((r) => r.path === path);
const tables = async () => ({
  subscriptions: await t.app.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .orderBy('id')
    .execute(),
  settings: await t.app.db.selectFrom('notification_settings').selectAll().execute(),
});

describe(`push notifications on ${testDbKind}`, () => {
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await createUser(t, { role: 'buyer', name: 'Nadia Private-Name' });
  });

  it('gives the VAPID public key to anyone', async () => {
    const res = await call(t, null, 'GET', '/api/push/key');
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json<PushKey>();
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(publicKey).toBe(t.config.push.vapid.publicKey);
  });

  it('delivers the title and the link only, encrypted for the device and signed with VAPID', async () => {
    const device = await subscribe(buyer);
    const notice = await notifySold(buyer, 'Pixel 7 of Nadia');
    expect((await worker().runOnce()).sent).toBe(1);

    const [push] = receivedAt(device.path);
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe(String(24 * 60 * 60));
    const auth = String(push!.headers.authorization);
    expect(auth).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(auth.split('k=')[1]).toBe(t.config.push.vapid.publicKey);
    const claims = JSON.parse(
      Buffer.from(auth.split(' t=')[1]!.split('.')[1]!, 'base64url').toString(),
    ) as { aud: string };
    expect(claims.aud).toBe(service.origin);

    const payload = JSON.parse(decryptPush(push!.body, device.keys)) as unknown;
    expect(payload).toEqual({
      title: 'Pixel 7 of Nadia has been sold',
      url: '/dashboard/my-wishlist',
    });
    expect(notice?.body).toContain('wish list');
    expect(decryptPush(push!.body, device.keys)).not.toContain('wish list');
    // Another device's keys do not open it.
    expect(() => decryptPush(push!.body, browserKeys())).toThrow();
  });

  it('sends each push once across a worker restart and with two workers at once', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const [phone, tablet] = [await subscribe(user), await subscribe(user)];
    for (const n of [1, 2, 3]) await notifySold(user, `Phone ${n}`);

    // The first worker sends one and stops; another claimed one and died before sending.
    expect((await worker().runOnce({ limit: 1 })).sent).toBe(1);
    const dead = await t.app.db
      .selectFrom('push_deliveries')
      .select('id')
      .where('userId', '=', user.id)
      .where('sentAt', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('push_deliveries')
      .set({ lockedUntil: new Date(Date.now() + 5 * 60_000).toISOString(), attempts: 1 })
      .where('id', '=', dead.id)
      .execute();
    const restarted = await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(restarted[0].sent + restarted[1].sent).toBe(4);
    expect((await worker().runOnce()).sent).toBe(0);
    // After the dead worker's claim runs out, its push goes: once.
    const later = () => new Date(Date.now() + 6 * 60_000);
    expect((await worker(later).runOnce()).sent).toBe(1);
    expect((await worker(later).runOnce()).sent).toBe(0);

    const titles = (device: typeof phone) =>
      receivedAt(device.path)
        .map((r) => (JSON.parse(decryptPush(r.body, device.keys)) as { title: string }).title)
        .sort();
    const all = ['Phone 1 has been sold', 'Phone 2 has been sold', 'Phone 3 has been sold'];
    expect(titles(phone)).toEqual(all);
    expect(titles(tablet)).toEqual(all);
  });

  it('removes a device the push service answers 410 or 404 for', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const gone = await subscribe(user);
    const missing = await subscribe(user);
    const kept = await subscribe(user);
    service.statusFor.set(gone.path, 410);
    service.statusFor.set(missing.path, 404);
    await notifySold(user, 'Galaxy S21');
    const run = await worker().runOnce();
    expect(run).toMatchObject({ sent: 1, gone: 2 });
    const left = await t.app.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('userId', '=', user.id)
      .execute();
    expect(left.map((s) => s.endpoint)).toEqual([kept.endpoint]);
    expect(
      await t.app.db
        .selectFrom('push_deliveries')
        .select('id')
        .where('userId', '=', user.id)
        .where('sentAt', 'is', null)
        .execute(),
    ).toEqual([]);
  });

  it('retries a push the service refused for a while, and sends it once later', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const device = await subscribe(user);
    service.statusFor.set(device.path, 503);
    await notifySold(user, 'Moto G');
    expect((await worker().runOnce()).failed).toBe(1);
    service.statusFor.delete(device.path);
    expect((await worker().runOnce()).sent).toBe(0);
    expect((await worker(() => new Date(Date.now() + 60_000)).runOnce()).sent).toBe(1);
    expect(receivedAt(device.path)).toHaveLength(2);
  });

  it('pushes no kind the user turned off by push, while its email still goes', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const device = await subscribe(user);
    const res = await call(t, user, 'PUT', '/api/me/notification-settings', {
      email: {},
      push: { saved_sold: false },
    });
    expect(res.statusCode).toBe(200);
    const settings = res.json<NotificationSettings>();
    expect(settings.push.saved_sold).toBe(false);
    expect(settings.email.saved_sold).toBe(true);
    expect(settings.push.saved_price_drop).toBe(true);
    await notifySold(user, 'Nokia 3310');
    const queued = await t.app.db
      .selectFrom('push_deliveries')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(queued).toEqual([]);
    const emails = await t.app.db
      .selectFrom('outbox')
      .select('kind')
      .where('userId', '=', user.id)
      .execute();
    expect(emails.map((e) => e.kind)).toEqual(['saved_sold']);
    expect(receivedAt(device.path)).toEqual([]);
  });

  it("removes the device's subscription when that device signs out, and only it", async () => {
    const user = await createUser(t, { role: 'buyer' });
    const other = await signIn(t, user.email, user.password);
    const otherDevice = { headers: { cookie: cookiesFrom(other.headers['set-cookie']) } };
    const here = await subscribe(user);
    const there = await subscribe(otherDevice);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...user.headers, origin: SAME_ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    const left = await t.app.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('userId', '=', user.id)
      .execute();
    expect(left.map((s) => s.endpoint)).toEqual([there.endpoint]);
    expect(left.map((s) => s.endpoint)).not.toContain(here.endpoint);
  });

  it('turns push off on a device by its endpoint; nobody else can', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const stranger = await createUser(t, { role: 'seller' });
    const device = await subscribe(user);
    const before = await tables();
    const refused = await call(t, stranger, 'DELETE', '/api/push/subscriptions', {
      endpoint: device.endpoint,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'This device does not get your push notifications',
        reason: 'accounts.push.notSubscribed',
      },
    });
    expect(await tables()).toEqual(before);
    const res = await call(t, user, 'DELETE', '/api/push/subscriptions', {
      endpoint: device.endpoint,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    const again = await call(t, user, 'DELETE', '/api/push/subscriptions', {
      endpoint: device.endpoint,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses subscriptions that are not one, changing nothing', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const keys = browserKeys().json;
    const endpoint = `${service.origin}/push/${crypto.randomUUID()}`;
    const before = await tables();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^endpoint: /],
      [{ endpoint: 42, keys }, /^endpoint: endpoint must be an https URL/],
      [{ endpoint: 'not a url', keys }, /^endpoint: endpoint must be an https URL/],
      [
        { endpoint: endpoint.replace('https:', 'http:'), keys },
        /^endpoint: endpoint must be an https URL/,
      ],
      [
        { endpoint: `${endpoint}${'x'.repeat(1_000)}`, keys },
        /^endpoint: endpoint must be at most 1000/,
      ],
      [
        { endpoint: 'https://evil.example/collect', keys },
        /^endpoint must be the address of a browser's push service/,
      ],
      [{ endpoint }, /^keys: keys must hold p256dh and auth/],
      [
        { endpoint, keys: { ...keys, p256dh: 'AAAA' } },
        /^keys\.p256dh: keys\.p256dh must be 65 bytes/,
      ],
      [
        { endpoint, keys: { ...keys, auth: 'not base64!' } },
        /^keys\.auth: keys\.auth must be base64url/,
      ],
      [{ endpoint, keys: { ...keys, auth: 7 } }, /^keys\.auth: /],
      [
        { endpoint, keys, deviceLabel: 'x'.repeat(81) },
        /^deviceLabel: deviceLabel must be at most 80/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(t, user, 'POST', '/api/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
    }
    const deletes: unknown[] = [{}, { endpoint: 5 }, { endpoint: 'ftp://x/y' }];
    for (const body of deletes) {
      const res = await call(t, user, 'DELETE', '/api/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const settings = await call(t, user, 'PUT', '/api/me/notification-settings', {
      email: {},
      push: { saved_sold: 'off' },
    });
    expect(settings.statusCode).toBe(400);
    expect(await tables()).toEqual(before);
    expect(
      (await call(t, null, 'POST', '/api/push/subscriptions', { endpoint, keys })).statusCode,
    ).toBe(401);
  });
});
