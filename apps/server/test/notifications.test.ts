import crypto from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_KINDS,
  SOLD_REASON,
  type Notification,
  type NotificationKind,
  type NotificationSettings,
  type Product,
} from '@market/shared';
import { readDate, valueWriters } from '../src/db/dialect.ts';
import { expireStaleRequests } from '../src/modules/bookings/bookings.service.ts';
import { notifyNewMessage } from '../src/modules/notifications/message-notifications.ts';
import {
  sendMeetingReminders,
  sendSavedSearchDigests,
} from '../src/modules/notifications/notification-jobs.ts';
import { notifyPriceDrop } from '../src/modules/notifications/listing-notifications.ts';
import { UnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { acceptBooking, requestBooking, passInspection } from './helpers/deal.ts';
import { call, insertCategories, postProduct, insertWishlistItem } from './helpers/market.ts';
import { startConversation } from './helpers/conversations.ts';
import {
  insertConversation,
  liveEventsOf,
  notificationTables,
  notificationsOf,
  outboxOf,
} from './helpers/notifications.ts';

// The background sender stays off: these tests look at the outbox before anything is sent.
const t = useTestApp({ env: { OUTBOX_WORKER: 'false' } });
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller', name: 'Sara Seller' });
  buyer = await createUser(t, { role: 'buyer', name: 'Bashir Buyer' });
  otherBuyer = await createUser(t, { role: 'buyer', name: 'Rina Buyer' });
  admin = await createUser(t, { role: 'admin' });
});

const HOUR = 3_600_000;
const post = (user: TestUser | null, url: string, body?: unknown) =>
  call(t, user, 'POST', url, body);

function listing(overrides: Record<string, unknown> = {}): Promise<Product> {
  return postProduct(t, seller, { name: `Pixel ${crypto.randomInt(1_000_000)}`, ...overrides });
}

/** The user's notifications of one kind and their emails, as stored. */
async function noticesOf(user: TestUser, kind: NotificationKind) {
  const notifications = (await notificationsOf(t, user.id)).filter((n) => n.kind === kind);
  const emails = (await outboxOf(t, user.id)).filter((m) => m.kind === kind);
  return { notifications, emails };
}

/** Clears everything the user was told, so that a test counts only its own notices. */
async function forget(...users: TestUser[]) {
  const ids = users.map((u) => u.id);
  await t.app.db.deleteFrom('notifications').where('userId', 'in', ids).execute();
  await t.app.db.deleteFrom('outbox').where('userId', 'in', ids).execute();
  await t.app.db.deleteFrom('notification_settings').where('userId', 'in', ids).execute();
}

describe(`each kind of event on ${testDbKind}`, () => {
  beforeAll(() => forget(seller, buyer, otherBuyer));

  it('tells the seller of a booking request: one notification, one email, live events to both', async () => {
    const product = await listing({ name: 'Pixel 8 Pro' });
    const beforeBuyer = (await liveEventsOf(t, buyer.id)).length;
    const id = await requestBooking(t, buyer, product._id);

    const { notifications, emails } = await noticesOf(seller, 'booking_requested');
    const notice = notifications.find((n) => n.dedupeKey.includes(id));
    expect(notice).toMatchObject({
      title: 'Bashir Buyer asked to book Pixel 8 Pro',
      link: '/dashboard/my-buyers',
      readAt: null,
    });
    const email = emails.find((m) => m.dedupeKey === notice!.dedupeKey);
    expect(email).toMatchObject({
      toEmail: seller.email,
      subject: 'New request to book Pixel 8 Pro',
      sentAt: null,
      attempts: 0,
    });
    // The buyer's chosen name stays on the site: the email points to the page.
    expect(email!.text).not.toContain('Bashir');
    expect(email!.html).not.toContain('Bashir');
    expect(email!.text).toContain('See who asked in My Buyers');
    expect(email!.text).toContain('Phone Market');
    expect(email!.text).toContain('http://localhost:3000/dashboard/my-buyers');
    expect(email!.text).toMatch(/http:\/\/localhost:3000\/unsubscribe\?token=\S+/);
    expect(email!.html).toContain('href="http://localhost:3000/dashboard/my-buyers"');
    expect((await noticesOf(buyer, 'booking_requested')).notifications).toEqual([]);

    const sellerEvents = await liveEventsOf(t, seller.id);
    expect(sellerEvents.filter((e) => e.type === 'notification').at(-1)).toMatchObject({
      notification: { _id: notice!.id, kind: 'booking_requested' },
    });
    expect(sellerEvents.filter((e) => e.type === 'unread').at(-1)).toMatchObject({
      counts: { notifications: 1 },
    });
    expect(sellerEvents.at(-1)).toEqual({ type: 'booking', bookingId: id, status: 'requested' });
    expect((await liveEventsOf(t, buyer.id)).slice(beforeBuyer)).toEqual([
      { type: 'booking', bookingId: id, status: 'requested' },
    ]);
  });

  it('tells the buyer of an accepted request, with the meeting in its own time zone', async () => {
    const product = await listing({ name: 'Galaxy S23' });
    const id = await requestBooking(t, buyer, product._id);
    await acceptBooking(t, seller, id);
    const { notifications, emails } = await noticesOf(buyer, 'booking_accepted');
    const notice = notifications.filter((n) => n.dedupeKey.includes(id));
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({
      title: 'Your request for Galaxy S23 was accepted',
      link: '/dashboard/my-orders',
    });
    // Dhaka is UTC+6, and the meeting is in the seller's zone.
    expect(notice[0]!.body).toMatch(/^Meeting: .+GMT\+6, Bashundhara City, ground floor$/);
    const mail = emails.filter((m) => m.dedupeKey.includes(id));
    expect(mail).toHaveLength(1);
    // The place is the seller's words: the email gives the time and points to My Orders.
    expect(mail[0]!.text).toMatch(/Meeting: .+GMT\+6\. The place, the seller's phone number/);
    expect(mail[0]!.text + mail[0]!.html).not.toContain('Bashundhara');
    expect((await liveEventsOf(t, seller.id)).at(-1)).toEqual({
      type: 'booking',
      bookingId: id,
      status: 'accepted',
    });
  });

  it('tells the buyer of a declined request, with the reason', async () => {
    const product = await listing({ name: 'Redmi Note 12' });
    const id = await requestBooking(t, buyer, product._id);
    const res = await post(seller, `/api/booking/${id}/decline`, {
      reason: 'Promised to a friend',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { notifications, emails } = await noticesOf(buyer, 'booking_declined');
    expect(notifications.filter((n) => n.dedupeKey.includes(id))).toMatchObject([
      {
        title: 'Your request for Redmi Note 12 was declined',
        body: 'Reason: Promised to a friend',
      },
    ]);
    const mail = emails.filter((m) => m.dedupeKey.includes(id));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('The seller gave a reason: see it in My Orders.');
    expect(mail[0]!.text + mail[0]!.html).not.toContain('Promised');
  });

  it('tells the other side of a cancellation, whichever side cancels', async () => {
    const product = await listing({ name: 'Pixel 7a' });
    const byBuyer = await requestBooking(t, buyer, product._id);
    expect(
      (
        await post(buyer, `/api/booking/${byBuyer}/cancel`, {
          preset: 'found_another',
          reason: 'Found one nearer, call me on 555',
        })
      ).statusCode,
    ).toBe(200);
    const toSeller = await noticesOf(seller, 'booking_cancelled');
    expect(toSeller.notifications.filter((n) => n.dedupeKey.includes(byBuyer))).toMatchObject([
      {
        title: 'Bashir Buyer cancelled the booking of Pixel 7a',
        body: 'Reason: I found another phone: Found one nearer, call me on 555',
      },
    ]);
    // The email names the preset reason, never the buyer's name or words.
    const mail = toSeller.emails.find((m) => m.dedupeKey.includes(byBuyer))!;
    expect(mail.subject).toBe('The buyer cancelled the booking of Pixel 7a');
    expect(mail.text).toContain(
      'Reason: I found another phone. They gave a reason: see it in My Buyers.',
    );
    expect(mail.text + mail.html).not.toMatch(/Bashir|nearer|555/);
    expect(
      (await noticesOf(buyer, 'booking_cancelled')).notifications.filter((n) =>
        n.dedupeKey.includes(byBuyer),
      ),
    ).toEqual([]);

    const other = await listing({ name: 'Pixel 7' });
    const bySeller = await requestBooking(t, buyer, other._id);
    await acceptBooking(t, seller, bySeller);
    expect(
      (await post(seller, `/api/booking/${bySeller}/cancel`, { reason: 'The phone broke' }))
        .statusCode,
    ).toBe(200);
    const { notifications, emails } = await noticesOf(buyer, 'booking_cancelled');
    expect(notifications.filter((n) => n.dedupeKey.includes(bySeller))).toMatchObject([
      {
        title: 'The seller cancelled your booking of Pixel 7',
        body: 'Reason: The phone broke',
        link: '/dashboard/my-orders',
      },
    ]);
    const toBuyer = emails.filter((m) => m.dedupeKey.includes(bySeller));
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.text).toContain('They gave a reason: see it in My Orders.');
    expect(toBuyer[0]!.text + toBuyer[0]!.html).not.toContain('broke');
  });

  it('tells the buyer when a request expires, once however often the expiry runs', async () => {
    const product = await listing({ name: 'Moto G84' });
    const id = await requestBooking(t, buyer, product._id);
    const later = new Date(Date.now() + 73 * HOUR);
    expect(await expireStaleRequests(t.app.db, t.app.notifier, later)).toBeGreaterThanOrEqual(1);
    expect(await expireStaleRequests(t.app.db, t.app.notifier, later)).toBe(0);
    const { notifications, emails } = await noticesOf(buyer, 'booking_expired');
    expect(notifications.filter((n) => n.dedupeKey.includes(id))).toMatchObject([
      {
        title: 'Your request for Moto G84 expired',
        body: 'The seller did not answer within 72 hours.',
      },
    ]);
    expect(emails.filter((m) => m.dedupeKey.includes(id))).toHaveLength(1);
  });

  it('reminds both sides two hours before a meeting, once', async () => {
    const product = await listing({ name: 'iPhone 12 mini' });
    const id = await requestBooking(t, buyer, product._id);
    await acceptBooking(t, seller, id); // the meeting is 26 hours ahead
    const reminders = async (user: TestUser) =>
      (await noticesOf(user, 'meeting_reminder')).notifications.filter((n) =>
        n.dedupeKey.includes(id),
      );

    await sendMeetingReminders(t.app.db, t.app.notifier, new Date(Date.now() + 23 * HOUR));
    expect(await reminders(buyer)).toEqual([]);
    const soon = new Date(Date.now() + 25 * HOUR);
    await sendMeetingReminders(t.app.db, t.app.notifier, soon);
    await sendMeetingReminders(t.app.db, t.app.notifier, new Date(soon.getTime() + 60_000));
    expect(await reminders(buyer)).toMatchObject([
      {
        link: '/dashboard/my-orders',
        title: expect.stringMatching(/^Your meeting for iPhone 12 mini is at /),
      },
    ]);
    expect(await reminders(seller)).toMatchObject([{ link: '/dashboard/my-buyers' }]);
    const emails = (await noticesOf(buyer, 'meeting_reminder')).emails;
    expect(emails.filter((m) => m.dedupeKey.includes(id))).toHaveLength(1);
  });

  it('tells the seller once when an admin verifies them', async () => {
    const fresh = await createUser(t, { role: 'seller' });
    const url = `/api/all-sellers/${encodeURIComponent(fresh.email)}`;
    expect((await call(t, admin, 'PUT', url)).json()).toEqual({ modifiedCount: 1 });
    expect((await call(t, admin, 'PUT', url)).json()).toEqual({ modifiedCount: 0 });
    const { notifications, emails } = await noticesOf(fresh, 'seller_verified');
    expect(notifications).toMatchObject([
      { title: 'Your seller account is verified', link: '/dashboard/my-products' },
    ]);
    expect(emails).toHaveLength(1);
  });

  it('tells those who saved a listing when its price drops, once a day per listing', async () => {
    const product = await listing({ name: 'OnePlus 11', resellPrice: 400, originalPrice: 700 });
    await insertWishlistItem(t, otherBuyer.id, product._id);
    const edit = (resellPrice: number) =>
      call(t, seller, 'PATCH', `/api/my-products/${product._id}`, { resellPrice });
    // A seller toggling the price: five drops, one notice and one email.
    for (const price of [380, 400, 360, 400, 350, 400, 340, 400, 330]) {
      expect((await edit(price)).statusCode).toBe(200);
    }
    const { notifications, emails } = await noticesOf(otherBuyer, 'saved_price_drop');
    const mine = notifications.filter((n) => n.link === `/product/${product._id}`);
    expect(mine.map((n) => [n.title, n.body])).toEqual([
      ['OnePlus 11 is now $380', 'It was $400. You saved it in your wish list.'],
    ]);
    expect(emails.filter((m) => mine.some((n) => n.dedupeKey === m.dedupeKey))).toHaveLength(1);
    expect((await noticesOf(seller, 'saved_price_drop')).notifications).toEqual([]);
    // The next day, a drop is news again.
    const tomorrow = new Date(Date.now() + 24 * HOUR);
    await t.app.notifier.transaction((notices) =>
      notifyPriceDrop(
        notices,
        {
          productId: product._id,
          productName: 'OnePlus 11',
          fromCents: 40000,
          toCents: 32000,
          changeId: 'next-day',
        },
        tomorrow,
      ),
    );
    const after = (await noticesOf(otherBuyer, 'saved_price_drop')).notifications;
    expect(after.filter((n) => n.link === `/product/${product._id}`)).toHaveLength(2);
  });

  it('tells those who saved a listing that it sold, and declines the waiting requests', async () => {
    const product = await listing({ name: 'Nothing Phone 2' });
    await insertWishlistItem(t, otherBuyer.id, product._id);
    await insertWishlistItem(t, buyer.id, product._id);
    const waiting = await requestBooking(t, otherBuyer, product._id);
    const id = await requestBooking(t, buyer, product._id);
    await acceptBooking(t, seller, id);
    const handoverCode = await passInspection(t, buyer, id);
    const done = await post(seller, `/api/booking/${id}/complete`, { code: handoverCode });
    expect(done.statusCode, done.body).toBe(200);

    const sold = await noticesOf(otherBuyer, 'saved_sold');
    const soldNotice = sold.notifications.filter((n) => n.dedupeKey.includes(product._id));
    expect(soldNotice).toMatchObject([{ title: 'Nothing Phone 2 has been sold' }]);
    expect(sold.emails.filter((m) => m.dedupeKey === soldNotice[0]!.dedupeKey)).toHaveLength(1);
    // The buyer who bought it is not told that it sold.
    expect(
      (await noticesOf(buyer, 'saved_sold')).notifications.filter((n) =>
        n.dedupeKey.includes(product._id),
      ),
    ).toEqual([]);
    const declined = await noticesOf(otherBuyer, 'booking_declined');
    expect(declined.notifications.filter((n) => n.dedupeKey.includes(waiting))).toMatchObject([
      { body: `Reason: ${SOLD_REASON}` },
    ]);
  });

  it('tells of a listing marked sold outside the site as well', async () => {
    const product = await listing({ name: 'Galaxy A54' });
    await insertWishlistItem(t, otherBuyer.id, product._id);
    const res = await post(seller, `/api/my-products/${product._id}/sold`);
    expect(res.statusCode, res.body).toBe(200);
    const sold = await noticesOf(otherBuyer, 'saved_sold');
    expect(sold.notifications.filter((n) => n.dedupeKey.includes(product._id))).toHaveLength(1);
  });

  it('sends one daily digest of new matches for saved searches, and moves what they have seen', async () => {
    const reader = await createUser(t, { role: 'buyer' });
    const w = valueWriters(t.app.db);
    const savedAt = new Date(Date.now() - HOUR);
    const searchId = crypto.randomUUID();
    await t.app.db
      .insertInto('savedSearches')
      .values({
        id: searchId,
        userId: reader.id,
        name: 'Zephyr phones',
        filters: JSON.stringify({ q: 'zephyr', maxPrice: 900 }),
        createdAt: w.date(savedAt),
        seenUntil: w.date(savedAt),
      })
      .execute();
    await listing({ name: 'Zephyr One', resellPrice: 300 });
    await listing({ name: 'Zephyr Two', resellPrice: 310 });
    await listing({ name: 'Zephyr Max', resellPrice: 950, originalPrice: 1200 });

    // The digest's day is the job's clock; what is new goes by the listings' posting times.
    const now = new Date('2030-01-15T08:00:00.000Z');
    expect(
      await sendSavedSearchDigests(t.app.db, t.app.notifier, t.app.searchIndex, now),
    ).toBeGreaterThanOrEqual(1);
    const { notifications, emails } = await noticesOf(reader, 'saved_search_matches');
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      title: '2 new phones for your saved search "Zephyr phones"',
      link: '/search?q=zephyr&maxPrice=900',
    });
    expect(notifications[0]!.body).toMatch(
      /^Zephyr phones: 2 new phones, such as Zephyr Two, Zephyr One$/,
    );
    expect(emails).toHaveLength(1);
    const search = await t.app.db
      .selectFrom('savedSearches')
      .select('seenUntil')
      .where('id', '=', searchId)
      .executeTakeFirstOrThrow();
    expect(readDate(search.seenUntil).getTime()).toBeGreaterThan(savedAt.getTime());

    // Later the same day: nothing more. The next day, nothing new: nothing either.
    await listing({ name: 'Zephyr Three', resellPrice: 320 });
    await sendSavedSearchDigests(
      t.app.db,
      t.app.notifier,
      t.app.searchIndex,
      new Date(now.getTime() + 10 * HOUR),
    );
    expect((await noticesOf(reader, 'saved_search_matches')).notifications).toHaveLength(1);
    await sendSavedSearchDigests(
      t.app.db,
      t.app.notifier,
      t.app.searchIndex,
      new Date(now.getTime() + 24 * HOUR),
    );
    const next = (await noticesOf(reader, 'saved_search_matches')).notifications;
    expect(next).toHaveLength(2);
    expect(next[1]!.title).toBe('1 new phone for your saved search "Zephyr phones"');
    await sendSavedSearchDigests(
      t.app.db,
      t.app.notifier,
      t.app.searchIndex,
      new Date(now.getTime() + 48 * HOUR),
    );
    expect((await noticesOf(reader, 'saved_search_matches')).notifications).toHaveLength(2);
  });

  it('tells of a new message once per conversation and hour, its email held for 10 minutes', async () => {
    const product = await listing({ name: 'Pixel Fold' });
    const conversationId = await insertConversation(t, buyer.id, seller.id, product._id);
    const at = new Date('2026-11-24T10:05:00.000Z');
    const send = (when: Date, text: string) =>
      t.app.notifier.transaction((notices) =>
        notifyNewMessage(notices, {
          conversationId,
          recipientId: seller.id,
          senderName: 'Bashir Buyer',
          productName: 'Pixel Fold',
          text,
          now: when,
        }),
      );
    const first = await send(at, 'Is it  still\navailable?');
    expect(first).toMatchObject({
      kind: 'new_message',
      title: 'Bashir Buyer sent you a message about Pixel Fold',
      body: 'Is it still available?',
      link: `/dashboard/messages/${conversationId}`,
    });
    // The same hour: no second notice, no second email.
    expect(await send(new Date(at.getTime() + 20 * 60_000), 'Hello?')).toBeNull();
    // The next hour, within an hour of the last email: a notice, no email.
    expect(await send(new Date(at.getTime() + 58 * 60_000), 'Anyone?')).not.toBeNull();
    // The same hour, but more than an hour after the last email: an email.
    expect(await send(new Date(at.getTime() + 70 * 60_000), 'Last try')).toBeNull();

    const { notifications, emails } = await noticesOf(seller, 'new_message');
    const mine = notifications.filter((n) => n.dedupeKey.includes(conversationId));
    expect(mine.map((n) => n.body)).toEqual(['Is it still available?', 'Anyone?']);
    const mail = emails.filter((m) => m.dedupeKey.includes(conversationId));
    expect(mail.map((m) => readDate(m.notBefore).toISOString())).toEqual([
      '2026-11-24T10:15:00.000Z',
      '2026-11-24T11:25:00.000Z',
    ]);
    // The sender's name and words stay on the site.
    expect(mail[0]!.subject).toBe('New message about Pixel Fold');
    expect(mail[0]!.text).toContain('Read it and answer in your messages.');
    expect(mail[0]!.text + mail[0]!.html).not.toMatch(/Bashir|available/);
  });
});

describe(`reading a conversation on ${testDbKind}`, () => {
  it('marks its message notices read, and no other conversation’s or kind’s', async () => {
    await forget(seller);
    const product = await listing({ name: 'Pixel Read' });
    const other = await listing({ name: 'Pixel Other' });
    const { conversation } = await startConversation(t, buyer, product._id, 'Still there?');
    const { conversation: elsewhere } = await startConversation(t, buyer, other._id, 'Hi');
    await t.app.notifier.transaction((notices) =>
      notices.notify({
        userId: seller.id,
        kind: 'seller_verified',
        params: {},
        link: '/dashboard',
        dedupeKey: `verified-for-read-test:${seller.id}`,
        email: false,
      }),
    );
    const unread = async () =>
      (await notificationsOf(t, seller.id))
        .filter((n) => n.readAt === null)
        .map((n) => n.kind + ':' + n.link);
    expect((await unread()).sort()).toEqual(
      [
        `new_message:/dashboard/messages/${conversation._id}`,
        `new_message:/dashboard/messages/${elsewhere._id}`,
        'seller_verified:/dashboard',
      ].sort(),
    );

    const read = await post(seller, `/api/conversations/${conversation._id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    // The answer's counts already leave the read notice out.
    expect(read.json<{ notifications: number }>().notifications).toBe(2);
    expect((await unread()).sort()).toEqual(
      [`new_message:/dashboard/messages/${elsewhere._id}`, 'seller_verified:/dashboard'].sort(),
    );
    // The buyer's reading of the same conversation does not touch the seller's notices.
    await post(buyer, `/api/conversations/${conversation._id}/read`);
    expect(await unread()).toHaveLength(2);
  });
});

describe(`email settings on ${testDbKind}`, () => {
  it('lists every kind on by default, and keeps kinds left out as they were', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const all = (
      await call(t, user, 'GET', '/api/me/notification-settings')
    ).json<NotificationSettings>();
    const everyKindOn = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true]));
    expect(all).toEqual({ email: everyKindOn, push: everyKindOn });
    const put = (email: Record<string, boolean>) =>
      call(t, user, 'PUT', '/api/me/notification-settings', { email });
    expect((await put({ new_message: false })).json<NotificationSettings>().email).toMatchObject({
      new_message: false,
      booking_accepted: true,
    });
    const after = (
      await put({ booking_accepted: false, new_message: true })
    ).json<NotificationSettings>();
    expect(after.email).toMatchObject({
      new_message: true,
      booking_accepted: false,
      saved_sold: true,
    });
    expect(
      (await call(t, user, 'GET', '/api/me/notification-settings')).json<NotificationSettings>(),
    ).toEqual(after);
  });

  it('still notifies in the app, but sends no email, for a kind turned off', async () => {
    const quiet = await createUser(t, { role: 'seller', name: 'Quiet Seller' });
    const res = await call(t, quiet, 'PUT', '/api/me/notification-settings', {
      email: { booking_requested: false },
    });
    expect(res.statusCode).toBe(200);
    const product = await postProduct(t, quiet, { name: 'Quiet phone' });
    await requestBooking(t, buyer, product._id);
    const notifications = await notificationsOf(t, quiet.id);
    expect(notifications.map((n) => n.kind)).toEqual(['booking_requested']);
    expect(await outboxOf(t, quiet.id)).toEqual([]);
  });

  it('refuses settings that are not kinds and booleans, changing nothing', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const before = await notificationTables(t);
    const cases: Array<[unknown, RegExp]> = [
      [{ email: { not_a_kind: false } }, /^email/],
      [{ email: { new_message: 'no' } }, /^email\.new_message: /],
      [{ email: [] }, /^email: /],
      [{}, /^email: /],
    ];
    for (const [body, message] of cases) {
      const res = await call(t, user, 'PUT', '/api/me/notification-settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
    }
    expect(await notificationTables(t)).toEqual(before);
  });
});

describe(`notify on ${testDbKind}`, () => {
  it('records a cause once: the same key again adds no notification, email or event', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const input = {
      userId: user.id,
      kind: 'saved_sold' as const,
      params: { productName: 'Something' },
      link: '/dashboard/my-wishlist',
      dedupeKey: `test:${crypto.randomUUID()}`,
    };
    const first = await t.app.notifier.transaction((notices) => notices.notify(input));
    const events = (await liveEventsOf(t, user.id)).length;
    const again = await t.app.notifier.transaction((notices) => notices.notify(input));
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(await notificationsOf(t, user.id)).toHaveLength(1);
    expect(await outboxOf(t, user.id)).toHaveLength(1);
    expect(await liveEventsOf(t, user.id)).toHaveLength(events);
  });

  it('records nothing when the transaction of its cause rolls back', async () => {
    const user = await createUser(t, { role: 'buyer' });
    await expect(
      t.app.notifier.transaction(async (notices) => {
        await notices.notify({
          userId: user.id,
          kind: 'saved_sold',
          params: { productName: 'Never' },
          link: '/',
          dedupeKey: `test:${crypto.randomUUID()}`,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await notificationsOf(t, user.id)).toEqual([]);
    expect(await outboxOf(t, user.id)).toEqual([]);
    expect(await liveEventsOf(t, user.id)).toEqual([]);
  });
});

describe(`the notification list on ${testDbKind}`, () => {
  let reader: TestUser;
  const made: string[] = [];

  beforeAll(async () => {
    reader = await createUser(t, { role: 'buyer' });
    const start = Date.now() - 30 * 60_000;
    for (let i = 0; i < 25; i += 1) {
      const n = await t.app.notifier.transaction((notices) =>
        notices.notify({
          userId: reader.id,
          kind: 'saved_price_drop',
          params: { productName: `Notice ${i}`, fromCents: 200, toCents: 100 },
          link: '/',
          dedupeKey: `list:${reader.id}:${i}`,
          email: false,
          // Two share each time, so that ties go by id.
          now: new Date(start + Math.floor(i / 2) * 1000),
        }),
      );
      made.push(n!._id);
    }
  });

  const page = (url: string, user: TestUser = reader) => call(t, user, 'GET', url);

  it('pages newest first with X-Total-Count and a Link to the next page', async () => {
    const first = await page('/api/notifications');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('25');
    const items = first.json<Notification[]>();
    expect(items).toHaveLength(20);
    const link = String(first.headers.link);
    const next = /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
    expect(next).toMatch(/^\/api\/notifications\?cursor=/);
    const second = await page(next!);
    expect(second.headers.link).toBeUndefined();
    const all = [...items, ...second.json<Notification[]>()];
    expect(all).toHaveLength(25);
    expect(new Set(all.map((n) => n._id)).size).toBe(25);
    const order = [...all].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || (b._id < a._id ? -1 : 1),
    );
    expect(all.map((n) => n._id)).toEqual(order.map((n) => n._id));
    expect(all.map((n) => n._id).sort()).toEqual([...made].sort());
    // Others see none of it.
    expect(
      (await page('/api/notifications', otherBuyer)).json<Notification[]>().map((n) => n._id),
    ).not.toContain(made[0]);
  });

  it('marks read only the caller’s own ids, and lists unread ones alone on request', async () => {
    const target = made.slice(0, 3);
    const res = await post(reader, '/api/notifications/read', { ids: target });
    expect(res.json()).toEqual({ modifiedCount: 3 });
    expect((await post(reader, '/api/notifications/read', { ids: target })).json()).toEqual({
      modifiedCount: 0,
    });
    const unread = await page('/api/notifications?unread=true');
    expect(unread.headers['x-total-count']).toBe('22');
    expect(unread.json<Notification[]>().every((n) => n.readAt === null)).toBe(true);

    // Someone else's ids change nothing.
    const before = await notificationTables(t);
    const theirs = await post(otherBuyer, '/api/notifications/read', { ids: made.slice(3, 6) });
    expect(theirs.json()).toEqual({ modifiedCount: 0 });
    expect(await notificationTables(t)).toEqual(before);

    // Without ids: all of the caller's, and the open tabs hear the new count.
    expect((await post(reader, '/api/notifications/read', {})).json()).toEqual({
      modifiedCount: 22,
    });
    expect((await liveEventsOf(t, reader.id)).at(-1)).toEqual({
      type: 'unread',
      counts: { messages: 0, notifications: 0 },
    });
  });

  it('refuses bad queries and bodies, changing nothing', async () => {
    const before = await notificationTables(t);
    const bad = async (res: Awaited<ReturnType<typeof page>>, message: string | RegExp) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
    };
    await bad(
      await page('/api/notifications?unread=maybe'),
      'unread: unread must be true or false',
    );
    await bad(await page('/api/notifications?cursor=abc'), 'This page link is not valid');
    await bad(await page(`/api/notifications?cursor=${'x'.repeat(501)}`), /^cursor: /);
    const read = (body: unknown) => post(reader, '/api/notifications/read', body);
    await bad(await read({ ids: [] }), /^ids: /);
    await bad(await read({ ids: 'all' }), /^ids: /);
    await bad(await read({ ids: [42] }), /^ids\.0: /);
    await bad(await read({ ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }), /^ids: /);
    await bad(await read({ ids: ['x'.repeat(65)] }), /^ids\.0: /);
    expect(await notificationTables(t)).toEqual(before);
  });

  it('keeps a cursor of one reader useless in another’s hands', async () => {
    const first = await page('/api/notifications');
    const next = /^<([^>]+)>/.exec(String(first.headers.link))![1]!;
    const theirs = await page(next, otherBuyer);
    expect(theirs.statusCode).toBe(200);
    expect(
      theirs
        .json<Notification[]>()
        .map((n) => n._id)
        .filter((id) => made.includes(id)),
    ).toEqual([]);
  });
});

describe(`unsubscribe links on ${testDbKind}`, () => {
  const tokenOf = (user: TestUser, kind: NotificationKind) =>
    new UnsubscribeTokens(t.config.authSecret).issue({ userId: user.id, kind });
  const emailSetting = async (user: TestUser, kind: NotificationKind) =>
    (await call(t, user, 'GET', '/api/me/notification-settings')).json<NotificationSettings>()
      .email[kind];

  it('says what a link would turn off, without signing in and without changing anything', async () => {
    const user = await createUser(t, { role: 'buyer', email: 'nadia.rahman@example.test' });
    const before = await notificationTables(t);
    const res = await call(
      t,
      null,
      'GET',
      `/api/unsubscribe?token=${encodeURIComponent(tokenOf(user, 'saved_price_drop'))}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'saved_price_drop',
      label: 'A phone I saved gets cheaper',
      email: 'n***@example.test',
    });
    expect(await notificationTables(t)).toEqual(before);
  });

  it('turns the kind off from the web page (JSON) and from a mail program (multipart), once', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const token = tokenOf(user, 'saved_sold');
    const fromPage = await call(t, null, 'POST', '/api/unsubscribe', { token });
    expect(fromPage.statusCode, fromPage.body).toBe(200);
    expect(fromPage.json()).toMatchObject({ kind: 'saved_sold' });
    expect(await emailSetting(user, 'saved_sold')).toBe(false);
    expect(await emailSetting(user, 'saved_price_drop')).toBe(true);

    const other = tokenOf(user, 'saved_price_drop');
    const boundary = 'mailprogram1234';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(other)}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await emailSetting(user, 'saved_price_drop')).toBe(false);

    // Again: the same answer, the same setting.
    expect((await call(t, null, 'POST', '/api/unsubscribe', { token })).statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom('notification_settings')
      .select('kind')
      .where('userId', '=', user.id)
      .execute();
    expect(rows.map((r) => r.kind).sort()).toEqual(['saved_price_drop', 'saved_sold']);
  });

  it('refuses links that are not ours, for a deleted account, or missing, changing nothing', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const good = tokenOf(user, 'new_message');
    const [payload, signature] = good.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify([user.id, 'saved_sold'])).toString('base64url')}.${signature}`;
    const otherKey = new UnsubscribeTokens('another-secret-another-secret-0123456789').issue({
      userId: user.id,
      kind: 'new_message',
    });
    const leaver = await createUser(t, { role: 'buyer' });
    const gone = tokenOf(leaver, 'new_message');
    await t.app.db.deleteFrom('users').where('id', '=', leaver.id).execute();
    const before = await notificationTables(t);
    const refused = async (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(
        /This unsubscribe link is not valid$/,
      );
    };
    for (const token of [
      forged,
      otherKey,
      `${payload}.`,
      'garbage',
      `${payload}.${signature}.x`,
      gone,
    ]) {
      const q = encodeURIComponent(token);
      await refused(await call(t, null, 'GET', `/api/unsubscribe?token=${q}`));
      await refused(
        await t.app.inject({
          method: 'POST',
          url: `/api/unsubscribe?token=${q}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        }),
      );
      await refused(await call(t, null, 'POST', '/api/unsubscribe', { token }));
    }
    await refused(await call(t, null, 'GET', '/api/unsubscribe'));
    await refused(await call(t, null, 'GET', '/api/unsubscribe?token='));
    await refused(await call(t, null, 'POST', '/api/unsubscribe', {}));
    await refused(await call(t, null, 'POST', '/api/unsubscribe', { token: 42 }));
    await refused(await call(t, null, 'POST', '/api/unsubscribe', { token: 'x'.repeat(1001) }));
    await refused(await call(t, null, 'POST', `/api/unsubscribe?token=${'x'.repeat(1001)}`));
    expect(await notificationTables(t)).toEqual(before);
    expect(await emailSetting(user, 'new_message')).toBe(true);
  });
});

describe(`waking the streams on ${testDbKind}`, () => {
  it('wakes the streams of both sides once a booking request commits, not at the next look at the log', async () => {
    const product = await listing({ name: 'Pixel 8 Awake' });
    const woken: string[][] = [];
    const wake = vi.spyOn(t.app.liveEventHub, 'wake').mockImplementation((users) => {
      woken.push([...users]);
    });
    try {
      await requestBooking(t, buyer, product._id);
    } finally {
      wake.mockRestore();
    }
    expect(woken).toHaveLength(1);
    expect(new Set(woken[0])).toEqual(new Set([seller.id, buyer.id]));
    await forget(seller, buyer);
  });
});
