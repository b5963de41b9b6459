import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_EXPORTS_PER_DAY,
  type DataExport,
  type DataExportCreated,
  type LatestDataExport,
} from '@market/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { valueWriters } from '../src/db/dialect.ts';
import { createTestDatabase, testDbKind, useTestApp, type TestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, multipartForm, postProduct } from './helpers/market.ts';
import { acceptBooking, requestBooking } from './helpers/deal.ts';
import { sendMessage, startConversation } from './helpers/conversations.ts';
import { newImei } from './helpers/imei.ts';

const t = useTestApp();

const HOUR_MS = 60 * 60 * 1000;

/** A small real photo, different on each call, as a browser uploads it. */
async function upload(user: TestUser): Promise<string> {
  const [r, g, b] = [...crypto.randomBytes(3)] as [number, number, number];
  const bytes = await sharp({
    create: { width: 80, height: 60, channels: 3, background: { r, g, b } },
  })
    .jpeg()
    .toBuffer();
  const form = multipartForm(bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.body}`);
  return res.json<{ data: { url: string } }>().data.url;
}

/** Asks for an export as the user and builds it at once; answers its id. */
async function exportNow(user: TestUser): Promise<string> {
  const res = await call(t, user, 'POST', '/api/me/export');
  expect(res.statusCode, res.body).toBe(202);
  const created = res.json<DataExportCreated>();
  expect(created.status).toBe('pending');
  await t.app.dataExports.runOnce();
  return created.id;
}

/** The export's zip, downloaded as its owner, unzipped. */
async function download(user: TestUser, id: string): Promise<Record<string, Uint8Array>> {
  const state = await call(t, user, 'GET', `/api/me/export/${id}`);
  expect(state.json<DataExport>()).toMatchObject({ status: 'ready' });
  const res = await call(t, user, 'GET', state.json<DataExport>().downloadUrl!);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="phone-market-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  expect(res.headers['cache-control']).toBe('private, no-store');
  return unzipSync(new Uint8Array(res.rawPayload));
}

type Rows = Record<string, unknown>[];
const json = (files: Record<string, Uint8Array>, name: string): unknown => {
  const file = files[name];
  if (!file) throw new Error(`${name} is not in the export`);
  return JSON.parse(strFromU8(file)) as unknown;
};
const allText = (files: Record<string, Uint8Array>) =>
  Object.entries(files)
    .filter(([name]) => !name.startsWith('photos/'))
    .map(([, bytes]) => strFromU8(bytes))
    .join('\n');

async function insertExport(
  userId: string,
  values: {
    status: 'pending' | 'ready' | 'failed' | 'expired';
    createdAt: Date;
    lockedUntil?: Date;
  },
): Promise<string> {
  const w = valueWriters(t.app.db);
  const id = crypto.randomUUID();
  await t.app.db
    .insertInto('data_exports')
    .values({
      id,
      userId,
      status: values.status,
      createdAt: w.date(values.createdAt),
      lockedUntil: values.lockedUntil ? w.date(values.lockedUntil) : null,
    })
    .execute();
  return id;
}

const exportCount = async (userId: string) =>
  (await t.app.db.selectFrom('data_exports').select('id').where('userId', '=', userId).execute())
    .length;

describe(`a person's data export on ${testDbKind}`, () => {
  let sam: TestUser; // a seller: the first user
  let olga: TestUser; // another seller: the second user
  let ben: TestUser; // a buyer of both
  let tia: TestUser; // a third party, who asked for Sam's phone too
  let samListing: { id: string; name: string; photo: string; imei: string };
  let olgaListing: { id: string; name: string; imei: string };
  let samDeal: string;

  beforeAll(async () => {
    await insertCategories(t);
    sam = await createUser(t, { role: 'seller', phone: '+8801711000001' });
    olga = await createUser(t, { role: 'seller', phone: '+8801711000002' });
    ben = await createUser(t, { role: 'buyer', phone: '+8801711000003' });
    tia = await createUser(t, { role: 'buyer', phone: '+8801711000004' });

    const photo = await upload(sam);
    const samImei = newImei();
    const samProduct = await postProduct(t, sam, {
      name: 'Pixel 8 of the first seller',
      imgURL: photo,
      imei: samImei,
    });
    samListing = { id: samProduct._id, name: samProduct.name, photo, imei: samImei };
    const olgaImei = newImei();
    const olgaProduct = await postProduct(t, olga, {
      name: 'Galaxy of the second seller',
      imei: olgaImei,
    });
    olgaListing = { id: olgaProduct._id, name: olgaProduct.name, imei: olgaImei };

    // Tia asks first; Ben asks and Sam accepts Ben.
    await requestBooking(t, tia, samListing.id, { phone: '+8801799999999' });
    samDeal = await requestBooking(t, ben, samListing.id);
    await acceptBooking(t, sam, samDeal);
    await requestBooking(t, ben, olgaListing.id);

    const withSam = await startConversation(t, ben, samListing.id, 'Is the Pixel still there?');
    await sendMessage(t, sam, withSam.conversation._id, 'Yes, come and see it.');
    const withOlga = await startConversation(t, ben, olgaListing.id, 'Is the Galaxy unlocked?');
    // Olga gives her address before accepting anyone: the conversation masks it.
    await sendMessage(t, olga, withOlga.conversation._id, `Write to me at ${olga.email}`);
    await startConversation(t, tia, olgaListing.id, 'Tia asks Olga something private');
  });

  it("holds the first seller's rows and photos, and nothing of anyone else", async () => {
    const files = await download(sam, await exportNow(sam));
    const text = allText(files);

    const profile = json(files, 'profile.json') as Record<string, unknown>;
    expect(profile).toMatchObject({ id: sam.id, email: sam.email, role: 'seller' });

    const listings = json(files, 'listings.json') as Rows;
    expect(listings.map((l) => l.name)).toEqual([samListing.name]);
    expect(listings.every((l) => l.sellerId === sam.id)).toBe(true);
    // The photo is in the zip, byte for byte as stored.
    const photoName = samListing.photo.split('/').pop()!;
    expect(listings[0]!.cover).toEqual({ url: samListing.photo, file: `photos/${photoName}` });
    const stored = fs.readFileSync(path.join(t.config.uploadsDir, photoName));
    expect(Buffer.from(files[`photos/${photoName}`]!).equals(stored)).toBe(true);

    // Requests for Sam's listing, the buyers' contact masked.
    const buyers = json(files, 'my-buyers.json') as Rows;
    expect(buyers).toHaveLength(2);
    expect(buyers.every((b) => b.sellerId === sam.id)).toBe(true);
    expect(buyers.map((b) => b.buyerEmail).sort()).toEqual(
      [ben.email, tia.email].map((e) => `${e[0]}***${e.slice(e.indexOf('@'))}`).sort(),
    );

    const conversations = json(files, 'conversations.json') as Rows;
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ sellerId: sam.id, buyerId: ben.id, you: 'seller' });
    expect((conversations[0]!.messages as Rows).map((m) => m.text)).toEqual([
      'Is the Pixel still there?',
      'Yes, come and see it.',
    ]);
    for (const name of ['orders.json', 'offers.json', 'reviews-given.json', 'reports.json']) {
      expect(json(files, name)).toEqual([]);
    }
    for (const row of json(files, 'notifications.json') as Rows) expect(row.userId).toBe(sam.id);
    expect((json(files, 'notifications.json') as Rows).length).toBeGreaterThan(0);

    // Nobody else's rows, addresses, phone numbers or listings; no secrets of Sam's own.
    for (const other of [olga, ben, tia]) expect(text).not.toContain(other.email);
    expect(text).not.toContain('+8801799999999');
    expect(text).not.toContain(olgaListing.name);
    expect(text).not.toContain('Tia asks Olga');
    expect(text).not.toContain(olgaListing.imei);
    expect(text).not.toContain(samListing.imei);
    const samRow = await t.app.db
      .selectFrom('products')
      .select('imeiHash')
      .where('id', '=', samListing.id)
      .executeTakeFirstOrThrow();
    expect(samRow.imeiHash).toMatch(/^[0-9a-f]{64}$/);
    expect(text).not.toContain(samRow.imeiHash);
    const secrets = await t.app.db
      .selectFrom('accounts')
      .select('password')
      .where('userId', '=', sam.id)
      .execute();
    const tokens = await t.app.db
      .selectFrom('sessions')
      .select('token')
      .where('userId', '=', sam.id)
      .execute();
    expect(secrets.length + tokens.length).toBeGreaterThan(1);
    for (const { password } of secrets) expect(text).not.toContain(password);
    for (const { token } of tokens) expect(text).not.toContain(token);
    const deal = await t.app.db
      .selectFrom('bookings')
      .select('handoverCode')
      .where('id', '=', samDeal)
      .executeTakeFirstOrThrow();
    expect(deal.handoverCode).not.toBeNull();
    expect(text).not.toContain(`"${deal.handoverCode}"`);
    expect(text).not.toMatch(/handoverCode|imeiHash|"token"|"password"/);
  });

  it("holds the buyer's orders and conversations as the buyer reads them", async () => {
    const files = await download(ben, await exportNow(ben));
    const text = allText(files);

    const orders = json(files, 'orders.json') as Rows;
    expect(orders).toHaveLength(2);
    expect(orders.every((o) => o.buyerId === ben.id)).toBe(true);
    expect(orders.find((o) => o.id === samDeal)).toMatchObject({
      status: 'accepted',
      productName: samListing.name,
      yourEmail: ben.email,
    });
    const conversations = json(files, 'conversations.json') as Rows;
    expect(conversations).toHaveLength(2);
    expect(conversations.every((c) => c.buyerId === ben.id)).toBe(true);
    const withOlga = conversations.find((c) => c.sellerId === olga.id)!;
    const olgaSaid = (withOlga.messages as Rows).find((m) => m.fromYou === false)!;
    expect(olgaSaid.contactDetailsHidden).toBe(true);
    expect(olgaSaid.text).toContain('[contact details hidden');
    expect(json(files, 'my-buyers.json')).toEqual([]);
    expect(json(files, 'listings.json')).toEqual([]);

    for (const other of [sam, olga, tia]) expect(text).not.toContain(other.email);
    expect(text).not.toContain('Tia asks Olga');
    expect(text).not.toContain(olgaListing.imei);
    expect(Object.keys(files).some((name) => name.startsWith('photos/'))).toBe(false);
  });

  it('tells its owner once it is ready, in the app and by email', async () => {
    const id = await exportNow(tia);
    const notices = await t.app.db
      .selectFrom('notifications')
      .select(['kind', 'link', 'title'])
      .where('userId', '=', tia.id)
      .where('kind', '=', 'data_export_ready')
      .execute();
    expect(notices).toEqual([
      {
        kind: 'data_export_ready',
        link: '/dashboard/profile#your-data',
        title: 'Your data is ready to download',
      },
    ]);
    const mail = await t.app.db
      .selectFrom('outbox')
      .select(['toEmail', 'subject'])
      .where('userId', '=', tia.id)
      .where('kind', '=', 'data_export_ready')
      .execute();
    expect(mail).toEqual([{ toEmail: tia.email, subject: expect.stringContaining('Your data') }]);
    const latest = await call(t, tia, 'GET', '/api/me/export');
    expect(latest.json<LatestDataExport>().export).toMatchObject({ id, status: 'ready' });
  });

  it("answers 404 for anyone else's export, and 400 for an id that is none", async () => {
    const id = await exportNow(olga);
    for (const url of [`/api/me/export/${id}`, `/api/me/export/${id}/download`]) {
      const res = await call(t, ben, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: 'No such export',
          reason: 'accounts.dataExport.noSuch',
        },
      });
      expect((await call(t, null, 'GET', url)).statusCode).toBe(401);
    }
    for (const url of ['/api/me/export/not-an-id', '/api/me/export/123/download']) {
      const res = await call(t, olga, 'GET', url);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toContain(
        'The export id is not valid',
      );
    }
    const before = await exportCount(olga.id);
    const typed = await call(t, olga, 'GET', `/api/me/export/${crypto.randomUUID()}`);
    expect(typed.statusCode).toBe(404);
    expect(await exportCount(olga.id)).toBe(before);
  });

  it('expires after its time: the state says so, the download is refused, the file is deleted', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const id = await exportNow(user);
    const file = path.join(t.config.dataDir, 'exports', `${id}.zip`);
    expect(fs.existsSync(file)).toBe(true);
    const state = (await call(t, user, 'GET', `/api/me/export/${id}`)).json<DataExport>();
    const kept = new Date(state.expiresAt!).getTime() - new Date(state.createdAt).getTime();
    expect(Math.round(kept / (24 * HOUR_MS))).toBe(7);

    await t.app.db
      .updateTable('data_exports')
      .set({ expiresAt: valueWriters(t.app.db).date(new Date(Date.now() - 1000)) })
      .where('id', '=', id)
      .execute();
    expect((await call(t, user, 'GET', `/api/me/export/${id}`)).json<DataExport>()).toMatchObject({
      status: 'expired',
      downloadUrl: null,
    });
    const refused = await call(t, user, 'GET', `/api/me/export/${id}/download`);
    expect(refused.statusCode).toBe(409);

    expect(await t.app.dataExports.removeExpired()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file)).toBe(false);
    const row = await t.app.db
      .selectFrom('data_exports')
      .select(['status', 'fileKey'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'expired', fileKey: null });
  });

  it("deletes a deleted account's export files", async () => {
    const user = await createUser(t, { role: 'buyer' });
    const id = await exportNow(user);
    const file = path.join(t.config.dataDir, 'exports', `${id}.zip`);
    expect(fs.existsSync(file)).toBe(true);
    await t.app.db.deleteFrom('sessions').where('userId', '=', user.id).execute();
    await t.app.db.deleteFrom('accounts').where('userId', '=', user.id).execute();
    await t.app.db.deleteFrom('notifications').where('userId', '=', user.id).execute();
    await t.app.db.deleteFrom('outbox').where('userId', '=', user.id).execute();
    await t.app.db.deleteFrom('live_events').where('userId', '=', user.id).execute();
    await t.app.db.deleteFrom('users').where('id', '=', user.id).execute();
    await t.app.dataExports.removeExpired();
    expect(fs.existsSync(file)).toBe(false);
    const rows = await t.app.db
      .selectFrom('data_exports')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('keeps one export at a time, and DATA_EXPORTS_PER_DAY a day with Retry-After', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const now = Date.now();
    // A worker is building one now.
    const building = await insertExport(user.id, {
      status: 'pending',
      createdAt: new Date(now - 60_000),
      lockedUntil: new Date(now + HOUR_MS),
    });
    const busy = await call(t, user, 'POST', '/api/me/export');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    expect(await exportCount(user.id)).toBe(1);

    await t.app.db
      .updateTable('data_exports')
      .set({
        status: 'ready',
        createdAt: valueWriters(t.app.db).date(new Date(now - 23 * HOUR_MS)),
      })
      .where('id', '=', building)
      .execute();
    for (let i = 1; i < DATA_EXPORTS_PER_DAY; i++) {
      await insertExport(user.id, { status: 'ready', createdAt: new Date(now - i * HOUR_MS) });
    }
    // Failed ones do not count, nor those of more than a day ago.
    await insertExport(user.id, { status: 'failed', createdAt: new Date(now - 2 * 60_000) });
    await insertExport(user.id, { status: 'expired', createdAt: new Date(now - 30 * HOUR_MS) });
    const before = await exportCount(user.id);
    const limited = await call(t, user, 'POST', '/api/me/export');
    expect(limited.statusCode).toBe(429);
    const wait = Number(limited.headers['retry-after']);
    // The oldest counted one leaves the day in about an hour.
    expect(wait).toBeGreaterThan(HOUR_MS / 1000 - 120);
    expect(wait).toBeLessThanOrEqual(HOUR_MS / 1000);
    expect(limited.json<{ error: { message: string } }>().error.message).toMatch(/Try again in/);
    expect(await exportCount(user.id)).toBe(before);

    // Once the oldest has left the day, the next is accepted.
    await t.app.db
      .updateTable('data_exports')
      .set({ createdAt: valueWriters(t.app.db).date(new Date(now - 25 * HOUR_MS)) })
      .where('id', '=', building)
      .execute();
    const accepted = await call(t, user, 'POST', '/api/me/export');
    expect(accepted.statusCode, accepted.body).toBe(202);
    await t.app.dataExports.runOnce();
  });

  it('takes up an export whose worker died, and leaves one another worker holds', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const now = Date.now();
    const held = await insertExport(user.id, {
      status: 'pending',
      createdAt: new Date(now - 60_000),
      lockedUntil: new Date(now + HOUR_MS),
    });
    await t.app.dataExports.runOnce();
    expect((await call(t, user, 'GET', `/api/me/export/${held}`)).json<DataExport>().status).toBe(
      'pending',
    );
    // The worker died: its claim ran out.
    await t.app.db
      .updateTable('data_exports')
      .set({ lockedUntil: valueWriters(t.app.db).date(new Date(now - 1000)), attempts: 1 })
      .where('id', '=', held)
      .execute();
    await t.app.dataExports.runOnce();
    const files = await download(user, held);
    expect(json(files, 'profile.json')).toMatchObject({ id: user.id });
  });
});

describe(`a pending export across a restart on ${testDbKind}`, () => {
  it('is built by the next server that starts on the same database', async () => {
    const database = await createTestDatabase({ migrated: true });
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      PUBLIC_URL: 'http://localhost:3000',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    try {
      const first = await buildApp(config, { database: database.handle, serveWeb: false });
      const firstApp = { app: first, config, db: database } as unknown as TestApp;
      const user = await createUser(firstApp, { role: 'buyer' });
      // Acknowledged (the row is written) and the server stopped before building it.
      const id = crypto.randomUUID();
      await first.db
        .insertInto('data_exports')
        .values({
          id,
          userId: user.id,
          status: 'pending',
          createdAt: valueWriters(first.db).date(new Date()),
        })
        .execute();
      await first.close();

      const second = await buildApp(config, { database: database.handle, serveWeb: false });
      try {
        expect(second.jobs.list().map((j) => j.name)).toContain('building data exports');
        // Its first run started when it became ready.
        await second.dataExports.idle();
        const res = await second.inject({
          method: 'GET',
          url: `/api/me/export/${id}`,
          headers: user.headers,
        });
        expect(res.json<DataExport>()).toMatchObject({ id, status: 'ready' });
        expect(fs.existsSync(path.join(database.dataDir, 'exports', `${id}.zip`))).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await database.destroy();
    }
  });
});
