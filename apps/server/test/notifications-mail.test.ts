import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { readDate, valueWriters } from '../src/db/dialect.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { notifyNewMessage } from '../src/modules/notifications/message-notifications.ts';
import { messageIdFor, OutboxWorker } from '../src/modules/notifications/outbox-worker.ts';
import { UnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { headerOf, startMailbox, type Mailbox } from './helpers/mailbox.ts';
import { call, insertCategories, insertProducts } from './helpers/market.ts';
import {
  insertConversation,
  insertMessage,
  outboxOf,
  outboxWorker,
} from './helpers/notifications.ts';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox.close();
});

// The app's own sender stays off: each test drives its workers, and their clocks, itself.
const t = useTestApp({ env: { OUTBOX_WORKER: 'false' } });
let seller: TestUser;
let buyer: TestUser;
let productId: string;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller', name: 'Sara Seller' });
  buyer = await createUser(t, { role: 'buyer', name: 'Bashir <Buyer> & Co' });
  [productId] = (await insertProducts(t, seller.id, 1)) as [string];
});

beforeEach(async () => {
  await t.app.db.deleteFrom('outbox').execute();
  mailbox.messages.length = 0;
});

const MINUTE = 60_000;

/** A notification with its email, as a change would record it. */
function notice(user: TestUser, n: number, now = new Date()) {
  return t.app.notifier.transaction((notices) =>
    notices.notify({
      userId: user.id,
      kind: 'booking_requested',
      params: { buyerName: 'Bashir', productName: `Pixel 8 <${n}>` },
      link: '/dashboard/my-buyers',
      dedupeKey: `mail-test:${crypto.randomUUID()}`,
      now,
    }),
  );
}

/** The message's text part and HTML part, quoted-printable undone. */
function partsOf(raw: string) {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  const sections = boundary ? decoded.split(`--${boundary}`) : [];
  const part = (type: string) => sections.find((s) => s.includes(`Content-Type: ${type}`)) ?? '';
  return { text: part('text/plain'), html: part('text/html') };
}

describe(`the hourly cap and digest on ${testDbKind}`, () => {
  const HOUR = 60 * MINUTE;

  it('sends 5 emails an hour on their own and folds the rest into one digest at the top of the next hour', async () => {
    const start = new Date('2026-11-24T10:10:00.000Z');
    for (let i = 0; i < 30; i += 1) await notice(seller, i, new Date(start.getTime() + i * MINUTE));
    const rows = await outboxOf(t, seller.id);
    expect(rows).toHaveLength(30);
    expect(rows.filter((r) => !r.folded)).toHaveLength(5);
    const folded = rows.filter((r) => r.folded);
    expect(new Set(folded.map((r) => readDate(r.notBefore).toISOString()))).toEqual(
      new Set(['2026-11-24T11:00:00.000Z']),
    );

    let now = new Date(start.getTime() + 40 * MINUTE);
    const { worker, close } = outboxWorker(t, mailbox.url, () => now);
    try {
      expect(await worker.runOnce()).toEqual({ sent: 5, dropped: 0, postponed: 0, failed: 0 });
      expect(mailbox.messages).toHaveLength(5);
      now = new Date('2026-11-24T11:00:30.000Z');
      expect(await worker.runOnce()).toEqual({ sent: 1, dropped: 0, postponed: 0, failed: 0 });
      expect(await worker.runOnce()).toEqual({ sent: 0, dropped: 0, postponed: 0, failed: 0 });
    } finally {
      close();
    }
    // 30 notifications, 6 emails: 5 on their own and one digest of the other 25.
    expect(mailbox.messages).toHaveLength(6);
    const digest = mailbox.messages[5]!;
    expect(headerOf(digest.raw, 'Subject')).toBe('25 more notifications on Phone Market');
    const { text, html } = partsOf(digest.raw);
    expect(text).toContain('You had 5 emails from us within an hour');
    expect(text).toContain('- New request to book Pixel 8 <5>');
    expect(text).toContain('- New request to book Pixel 8 <29>');
    expect(text).not.toContain('New request to book Pixel 8 <4>');
    expect(text).toContain('http://localhost:3000/dashboard/notifications');
    expect(html).toContain('New request to book Pixel 8 &lt;29&gt;');
    // All one kind: its one-click unsubscribe.
    expect(headerOf(digest.raw, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/unsubscribe\?token=/,
    );
    expect((await outboxOf(t, seller.id)).every((r) => r.sentAt !== null)).toBe(true);
  });

  it('counts each recipient on their own, and the hour as it slides', async () => {
    const start = new Date('2026-11-24T10:00:00.000Z');
    for (let i = 0; i < 6; i += 1) await notice(seller, i, start);
    await notice(buyer, 1, start);
    // 61 minutes later the first five are out of the hour.
    await notice(seller, 7, new Date(start.getTime() + 61 * MINUTE));
    const rows = await outboxOf(t, seller.id);
    const atStart = rows.filter((r) => readDate(r.createdAt).getTime() === start.getTime());
    expect(atStart.filter((r) => r.folded).map((r) => readDate(r.notBefore).getTime())).toEqual([
      start.getTime() + HOUR,
    ]);
    expect(rows.filter((r) => !atStart.includes(r)).map((r) => Boolean(r.folded))).toEqual([false]);
    expect((await outboxOf(t, buyer.id)).map((r) => Boolean(r.folded))).toEqual([false]);
  });

  it('leaves out of the digest what the recipient turned off meanwhile', async () => {
    const start = new Date('2026-11-24T10:00:00.000Z');
    for (let i = 0; i < 7; i += 1) await notice(seller, i, start);
    await t.app.notifier.transaction((notices) =>
      notices.notify({
        userId: seller.id,
        kind: 'new_review',
        params: { reviewer: 'Bashir B.', rating: 5, productName: 'Pixel 8', text: '' },
        link: '/dashboard/my-reviews',
        dedupeKey: `mail-test:${crypto.randomUUID()}`,
        now: start,
      }),
    );
    expect((await outboxOf(t, seller.id)).filter((r) => r.folded)).toHaveLength(3);
    const put = await call(t, seller, 'PUT', '/api/me/notification-settings', {
      email: { booking_requested: false },
    });
    expect(put.statusCode).toBe(200);
    const { worker, close } = outboxWorker(t, mailbox.url, () => new Date(start.getTime() + HOUR));
    try {
      const run = await worker.runOnce();
      expect(run.sent).toBe(1);
    } finally {
      close();
      await call(t, seller, 'PUT', '/api/me/notification-settings', {
        email: { booking_requested: true },
      });
    }
    expect(mailbox.messages).toHaveLength(1);
    expect(headerOf(mailbox.messages[0]!.raw, 'Subject')).toBe(
      '1 more notification on Phone Market',
    );
    const { text } = partsOf(mailbox.messages[0]!.raw);
    expect(text).toContain('- You got a 5-star review for Pixel 8');
    expect(text).not.toContain('New request');
    // One kind is left in it: its one-click unsubscribe.
    expect(headerOf(mailbox.messages[0]!.raw, 'List-Unsubscribe')).toMatch(/^</);
  });
});

describe(`notification emails over SMTP on ${testDbKind}`, () => {
  it('sends a multipart email with both parts, a stable Message-ID and one-click unsubscribe', async () => {
    await notice(seller, 1);
    const { worker, close } = outboxWorker(t, mailbox.url);
    try {
      expect(await worker.runOnce()).toEqual({ sent: 1, dropped: 0, postponed: 0, failed: 0 });
    } finally {
      close();
    }
    expect(mailbox.messages).toHaveLength(1);
    const { raw, to } = mailbox.messages[0]!;
    expect(to).toEqual([seller.email]);
    expect(headerOf(raw, 'Content-Type')).toMatch(/^multipart\/alternative;/);
    expect(headerOf(raw, 'Subject')).toBe('New request to book Pixel 8 <1>');
    expect(headerOf(raw, 'From')).toContain('Phone Market');
    // The site's colours (apps/web/src/index.css): its teal primary, its page and text colours.
    const { html: body } = partsOf(raw);
    expect(body).toContain('background:#0f766e');
    expect(body).toContain('background:#f4f6f8');
    expect(body).toContain('color:#1a202c');
    expect(body).not.toMatch(/#4f46e5|#f4f4f5|#18181b/);
    const [row] = await outboxOf(t, seller.id);
    expect(headerOf(raw, 'Message-ID')).toBe(messageIdFor(row!.dedupeKey, t.config.publicUrl));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.attempts).toBe(1);

    const token = new UnsubscribeTokens(t.config.authSecret).issue({
      userId: seller.id,
      kind: 'booking_requested',
    });
    expect(headerOf(raw, 'List-Unsubscribe')).toBe(
      `<http://localhost:3000/api/unsubscribe?token=${encodeURIComponent(token)}>`,
    );
    expect(headerOf(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const { text, html } = partsOf(raw);
    expect(text).toContain(`Hello ${seller.name},`);
    expect(text).toContain('New request to book Pixel 8 <1>');
    expect(text).toContain('Open it on Phone Market: http://localhost:3000/dashboard/my-buyers');
    expect(text).toContain(`Stop these emails: http://localhost:3000/unsubscribe?token=${token}`);
    expect(html).toContain('New request to book Pixel 8 &lt;1&gt;');
    expect(html).toContain('href="http://localhost:3000/dashboard/my-buyers"');
    expect(html).toContain(`href="http://localhost:3000/unsubscribe?token=${token}"`);
  });

  it('escapes what people typed in the HTML part', async () => {
    await notice(buyer, 2);
    const { worker, close } = outboxWorker(t, mailbox.url);
    await worker.runOnce().finally(close);
    const { html, text } = partsOf(mailbox.messages[0]!.raw);
    expect(html).toContain('Hello Bashir &lt;Buyer&gt; &amp; Co,');
    expect(html).not.toContain('<Buyer>');
    expect(text).toContain('Hello Bashir <Buyer> & Co,');
  });

  it('sends each email once while two workers on two connections race for them', async () => {
    const count = 12;
    // An hour and more apart: each goes on its own, none folded into a digest.
    for (let i = 0; i < count; i += 1) {
      await notice(seller, i, new Date(Date.now() - i * 61 * MINUTE));
    }
    const second = openDatabase({
      databaseUrl: t.db.url,
      sqliteFile: t.db.handle.sqliteFile ?? '',
    });
    const mailer = createMailer(
      { smtpUrl: mailbox.url, mailFrom: t.config.mailFrom, outboxDir: t.config.outboxDir },
      t.app.log,
    );
    const other = new OutboxWorker(
      second.db,
      mailer,
      {
        publicUrl: t.config.publicUrl,
        tokens: new UnsubscribeTokens(t.config.authSecret),
        currency: t.config.currency,
      },
      t.app.log,
    );
    const { worker, close } = outboxWorker(t, mailbox.url);
    try {
      const runs = await Promise.all([worker.runOnce(), other.runOnce(), worker.runOnce()]);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(count);
    } finally {
      close();
      mailer.close();
      await second.close();
    }
    expect(mailbox.messages).toHaveLength(count);
    const ids = mailbox.messages.map((m) => headerOf(m.raw, 'Message-ID'));
    expect(new Set(ids).size).toBe(count);
    const rows = await outboxOf(t, seller.id);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('tries a refused email again later, each wait longer, and sends it once', async () => {
    await notice(seller, 3);
    let now = new Date();
    const { worker, close } = outboxWorker(t, mailbox.url, () => now);
    try {
      mailbox.refuseNext(2);
      expect((await worker.runOnce()).failed).toBe(1);
      let [row] = await outboxOf(t, seller.id);
      expect(row).toMatchObject({ attempts: 1, sentAt: null, lockedUntil: null });
      expect(row!.lastError).toMatch(/451/);
      expect(readDate(row!.notBefore).getTime()).toBe(now.getTime() + MINUTE);

      expect((await worker.runOnce()).failed).toBe(0);
      now = new Date(now.getTime() + MINUTE + 1);
      expect((await worker.runOnce()).failed).toBe(1);
      [row] = await outboxOf(t, seller.id);
      expect(readDate(row!.notBefore).getTime()).toBe(now.getTime() + 2 * MINUTE);

      now = new Date(now.getTime() + 2 * MINUTE + 1);
      expect((await worker.runOnce()).sent).toBe(1);
      expect((await worker.runOnce()).sent).toBe(0);
    } finally {
      close();
    }
    expect(mailbox.messages).toHaveLength(1);
    const [row] = await outboxOf(t, seller.id);
    expect(row).toMatchObject({ attempts: 3, lastError: null });
  });

  it('takes over an email whose worker died after claiming it, once the claim runs out', async () => {
    await notice(seller, 4);
    const [row] = await outboxOf(t, seller.id);
    const w = valueWriters(t.app.db);
    const claimedUntil = new Date(Date.now() + 10 * MINUTE);
    await t.app.db
      .updateTable('outbox')
      .set({ lockedUntil: w.date(claimedUntil), attempts: 1 })
      .where('id', '=', row!.id)
      .execute();
    let now = new Date();
    const { worker, close } = outboxWorker(t, mailbox.url, () => now);
    try {
      expect((await worker.runOnce()).sent).toBe(0);
      now = new Date(claimedUntil.getTime() + 1);
      expect((await worker.runOnce()).sent).toBe(1);
    } finally {
      close();
    }
    expect(mailbox.messages).toHaveLength(1);
  });
});

describe(`message emails on ${testDbKind}`, () => {
  /** A message from the buyer to the seller at `at`, stored and notified as the app does. */
  async function messageAt(conversationId: string, at: Date) {
    const id = await insertMessage(t, conversationId, buyer.id, at);
    await t.app.notifier.transaction((notices) =>
      notifyNewMessage(notices, {
        conversationId,
        recipientId: seller.id,
        senderName: 'Bashir',
        productName: 'Bulk phone 0',
        text: 'Is it still available?',
        now: at,
      }),
    );
    return id;
  }

  async function newConversation() {
    const [product] = await insertProducts(t, seller.id, 1);
    return insertConversation(t, buyer.id, seller.id, product ?? productId);
  }

  const markRead = (messageId: string, at: Date) =>
    t.app.db
      .updateTable('messages')
      .set({ readAt: valueWriters(t.app.db).date(at) })
      .where('id', '=', messageId)
      .execute();

  it('sends it only when the message is still unread 10 minutes later', async () => {
    const conversationId = await newConversation();
    const t0 = new Date(Date.now() - MINUTE);
    await messageAt(conversationId, t0);
    let now = new Date(t0.getTime() + 9 * MINUTE);
    const { worker, close } = outboxWorker(t, mailbox.url, () => now);
    try {
      expect((await worker.runOnce()).sent).toBe(0);
      now = new Date(t0.getTime() + 10 * MINUTE);
      expect((await worker.runOnce()).sent).toBe(1);
    } finally {
      close();
    }
    expect(mailbox.messages).toHaveLength(1);
    expect(headerOf(mailbox.messages[0]!.raw, 'Subject')).toBe('New message about Bulk phone 0');
  });

  it('drops it when the message was read within the 10 minutes', async () => {
    const conversationId = await newConversation();
    const t0 = new Date(Date.now() - MINUTE);
    const id = await messageAt(conversationId, t0);
    await markRead(id, new Date(t0.getTime() + 4 * MINUTE));
    const now = new Date(t0.getTime() + 11 * MINUTE);
    const { worker, close } = outboxWorker(t, mailbox.url, () => now);
    try {
      expect(await worker.runOnce()).toEqual({ sent: 0, dropped: 1, postponed: 0, failed: 0 });
    } finally {
      close();
    }
    expect(mailbox.messages).toEqual([]);
    expect(await outboxOf(t, seller.id)).toEqual([]);

    // Read in time, the next message of the hour gets its own chance at an email.
    await messageAt(conversationId, new Date(t0.getTime() + 20 * MINUTE));
    expect(await outboxOf(t, seller.id)).toHaveLength(1);
  });

  it('waits for a newer unread message when the first was read meanwhile', async () => {
    const conversationId = await newConversation();
    const t0 = new Date(Date.now() - MINUTE);
    const first = await messageAt(conversationId, t0);
    await markRead(first, new Date(t0.getTime() + 2 * MINUTE));
    // Within the hour: no new email of its own, the queued one covers it.
    await messageAt(conversationId, new Date(t0.getTime() + 6 * MINUTE));
    expect(await outboxOf(t, seller.id)).toHaveLength(1);
    let now = new Date(t0.getTime() + 10 * MINUTE);
    const { worker, close } = outboxWorker(t, mailbox.url, () => now);
    try {
      expect((await worker.runOnce()).postponed).toBe(1);
      const [row] = await outboxOf(t, seller.id);
      expect(readDate(row!.notBefore).getTime()).toBe(t0.getTime() + 16 * MINUTE);
      expect(row!.attempts).toBe(0);
      now = new Date(t0.getTime() + 16 * MINUTE);
      expect((await worker.runOnce()).sent).toBe(1);
    } finally {
      close();
    }
    expect(mailbox.messages).toHaveLength(1);
  });
});

describe(`one-click unsubscribe from a received email on ${testDbKind}`, () => {
  it('turns that kind of email off with the RFC 8058 POST to the List-Unsubscribe address', async () => {
    const reader = await createUser(t, { role: 'buyer' });
    await notice(reader, 5);
    const { worker, close } = outboxWorker(t, mailbox.url);
    await worker.runOnce().finally(close);
    const header = headerOf(mailbox.messages[0]!.raw, 'List-Unsubscribe')!;
    const url = new URL(/^<([^>]+)>$/.exec(header)![1]!);

    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'booking_requested',
      label: 'A buyer asks to book one of my phones',
      email: `${reader.email[0]}***@example.test`,
    });
    const setting = await t.app.db
      .selectFrom('notification_settings')
      .select(['kind', 'email'])
      .where('userId', '=', reader.id)
      .execute();
    expect(setting.map((s) => [s.kind, Boolean(s.email)])).toEqual([['booking_requested', false]]);

    await notice(reader, 6);
    const rows = await outboxOf(t, reader.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sentAt).not.toBeNull();
  });

  it('drops an email still waiting when its kind is turned off before it goes', async () => {
    const reader = await createUser(t, { role: 'buyer' });
    await notice(reader, 7);
    const res = await call(t, reader, 'PUT', '/api/me/notification-settings', {
      email: { booking_requested: false },
    });
    expect(res.statusCode).toBe(200);
    const { worker, close } = outboxWorker(t, mailbox.url);
    try {
      expect(await worker.runOnce()).toEqual({ sent: 0, dropped: 1, postponed: 0, failed: 0 });
    } finally {
      close();
    }
    expect(mailbox.messages).toEqual([]);
    expect(await outboxOf(t, reader.id)).toEqual([]);
  });
});
