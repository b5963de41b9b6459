import { beforeAll, describe, expect, it } from 'vitest';
import {
  NEW_ACCOUNT_CONVERSATIONS_MAX,
  messageSchema,
  reportGroupSchema,
  reportSchema,
  startedConversationSchema,
  type Conversation,
  type Message,
} from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, insertProducts } from './helpers/market.ts';
import {
  backdateAccount,
  conversationSnapshot,
  sendMessage,
  startConversation,
} from './helpers/conversations.ts';

const t = useTestApp();
let admin: TestUser;

const HOUR_MS = 60 * 60 * 1000;
const DEPOSIT = 'Please pay a deposit of 2000 tk first to hold it';
const CODE = 'I sent you a code, send me the OTP';
const WHATSAPP = 'WhatsApp me at +880 1712 345678';

beforeAll(async () => {
  await insertCategories(t);
  admin = await createUser(t, { role: 'admin' });
});

/** An account made `hours` ago. */
async function userAged(role: 'buyer' | 'seller', hours: number): Promise<TestUser> {
  const user = await createUser(t, { role });
  const createdAt = new Date(Date.now() - hours * HOUR_MS);
  await t.app.db
    .updateTable('users')
    .set({ createdAt: valueWriters(t.app.db).date(createdAt) })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/** A buyer and a seller (both a month old unless given) in a new conversation about a listing. */
async function pair(seller?: TestUser) {
  const buyer = await userAged('buyer', 30 * 24);
  const theSeller = seller ?? (await userAged('seller', 30 * 24));
  const [productId] = await insertProducts(t, theSeller.id, 1);
  const { conversation } = await startConversation(t, buyer, productId!, 'Is it still available?');
  return { buyer, seller: theSeller, conversationId: conversation._id, productId: productId! };
}

async function messagesOf(caller: TestUser, conversationId: string): Promise<Message[]> {
  const res = await call(t, caller, 'GET', `/api/conversations/${conversationId}/messages`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Message[]>().map((m) => messageSchema.parse(m));
}

async function storedFlags(messageId: string): Promise<string | null> {
  const row = await t.app.db
    .selectFrom('messages')
    .select('scamFlags')
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();
  return row.scamFlags;
}

async function scamShieldReports(userId: string) {
  return t.app.db
    .selectFrom('reports')
    .selectAll()
    .where('targetType', '=', 'user')
    .where('targetId', '=', userId)
    .where('reason', '=', 'scam_shield')
    .execute();
}

describe(`the scam shield on ${testDbKind}`, () => {
  it('stores the rules with the message and delivers it as written', async () => {
    const { seller, buyer, conversationId } = await pair();
    const flagged = await sendMessage(t, seller, conversationId, DEPOSIT);
    const clean = await sendMessage(t, seller, conversationId, 'It has 128 GB, meet at the mall?');
    expect(await storedFlags(flagged._id)).toBe('payment_first');
    expect(await storedFlags(clean._id)).toBeNull();
    // Two rules at once, in the order of the rules.
    const both = await sendMessage(t, seller, conversationId, `${CODE}, then ${WHATSAPP}`);
    expect(await storedFlags(both._id)).toBe('one_time_code other_app');
    // Delivered: the buyer reads the text as typed (but for the masked number) and is notified.
    const read = await messagesOf(buyer, conversationId);
    expect(read.find((m) => m._id === flagged._id)?.text).toBe(DEPOSIT);
    const notices = await t.app.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', buyer.id)
      .execute();
    expect(notices.length).toBeGreaterThan(0);
  });

  it('shows the warning to the reader only: in the page, the inbox and the live stream', async () => {
    const { seller, buyer, conversationId } = await pair();
    const res = await call(t, seller, 'POST', `/api/conversations/${conversationId}/messages`, {
      text: DEPOSIT,
    });
    expect(res.statusCode, res.body).toBe(201);
    // The writer's answer carries no warning.
    const sent = messageSchema.parse(res.json());
    expect(sent.scamWarnings).toEqual([]);

    const asBuyer = (await messagesOf(buyer, conversationId)).find((m) => m._id === sent._id)!;
    const asSeller = (await messagesOf(seller, conversationId)).find((m) => m._id === sent._id)!;
    expect(asBuyer.scamWarnings).toEqual(['payment_first']);
    expect(asSeller.scamWarnings).toEqual([]);
    // The clean first message warns nobody.
    expect((await messagesOf(buyer, conversationId)).at(-1)!.scamWarnings).toEqual([]);

    // The inbox's last message, for each side.
    const inbox = async (caller: TestUser) => {
      const list = await call(t, caller, 'GET', '/api/conversations');
      return list.json<Conversation[]>().find((c) => c._id === conversationId)!;
    };
    expect((await inbox(buyer)).lastMessage?.scamWarnings).toEqual(['payment_first']);
    expect((await inbox(seller)).lastMessage?.scamWarnings).toEqual([]);

    // The live event each side's tabs get.
    const events = await t.app.db
      .selectFrom('live_events')
      .select(['userId', 'payload'])
      .where('type', '=', 'message')
      .where('userId', 'in', [buyer.id, seller.id])
      .execute();
    const eventOf = (userId: string) =>
      events
        .map((e) => ({ userId: e.userId, ...(JSON.parse(e.payload) as { message: Message }) }))
        .find((e) => e.userId === userId && e.message._id === sent._id)!;
    expect(eventOf(buyer.id).message.scamWarnings).toEqual(['payment_first']);
    expect(eventOf(seller.id).message.scamWarnings).toEqual([]);
  });

  it('warns the seller about a buyer who asks first with a scam script', async () => {
    const buyer = await userAged('buyer', 30 * 24);
    const seller = await userAged('seller', 30 * 24);
    const [productId] = await insertProducts(t, seller.id, 1);
    const res = await call(t, buyer, 'POST', '/api/conversations', {
      productId,
      text: 'Shipping only, I am abroad',
    });
    expect(res.statusCode, res.body).toBe(201);
    const started = startedConversationSchema.parse(res.json());
    expect(started.message.scamWarnings).toEqual([]);
    const [asSeller] = await messagesOf(seller, started.conversation._id);
    expect(asSeller!.scamWarnings).toEqual(['shipping_only']);
  });

  it("files the reader's report of a flagged message with the moderators, once", async () => {
    const { seller, buyer, conversationId } = await pair();
    const flagged = await sendMessage(t, seller, conversationId, DEPOSIT);
    const report = (caller: TestUser, body: object) =>
      call(t, caller, 'POST', '/api/reports', body);
    const body = { targetType: 'message', targetId: flagged._id, reason: 'scam' };

    // The writer cannot; a stranger is told it does not exist; a bad reason changes nothing.
    const before = await conversationSnapshot(t);
    const own = await report(seller, body);
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json<{ error: { message: string } }>().error.message).toBe(
      'You cannot report your own message',
    );
    const stranger = await userAged('buyer', 30 * 24);
    const hidden = await report(stranger, body);
    expect(hidden.statusCode, hidden.body).toBe(404);
    const badReason = await report(buyer, { ...body, reason: 'fraudulent' });
    expect(badReason.statusCode, badReason.body).toBe(400);
    expect(badReason.json<{ error: { message: string } }>().error.message).toMatch(
      /Choose a reason/,
    );
    const signedOut = await report(null as unknown as TestUser, body);
    expect(signedOut.statusCode).toBe(401);
    expect(await conversationSnapshot(t)).toEqual(before);

    const filed = await report(buyer, body);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(reportSchema.parse(filed.json())).toMatchObject({
      targetType: 'message',
      targetId: flagged._id,
      reason: 'scam',
      status: 'open',
    });
    const again = await report(buyer, body);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      'You have already reported this; it is waiting for a moderator',
    );
    const rows = await t.app.db
      .selectFrom('reports')
      .select(['reporterId', 'reason'])
      .where('targetId', '=', flagged._id)
      .execute();
    expect(rows).toEqual([{ reporterId: buyer.id, reason: 'scam' }]);
  });
});

describe(`new accounts on ${testDbKind}`, () => {
  it('lets an account start 5 conversations in its first 24 hours, then answers 429', async () => {
    const buyer = await userAged('buyer', 2);
    const seller = await userAged('seller', 30 * 24);
    const products = await insertProducts(t, seller.id, NEW_ACCOUNT_CONVERSATIONS_MAX + 1);
    const ids: string[] = [];
    for (const productId of products.slice(0, NEW_ACCOUNT_CONVERSATIONS_MAX)) {
      ids.push((await startConversation(t, buyer, productId, 'Hi')).conversation._id);
    }
    const before = await conversationSnapshot(t);
    const refused = await call(t, buyer, 'POST', '/api/conversations', {
      productId: products[NEW_ACCOUNT_CONVERSATIONS_MAX],
      text: 'Hi',
    });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json<{ error: { code: string; message: string } }>().error).toEqual({
      code: 'RATE_LIMITED',
      message:
        'A new account can start 5 conversations in its first 24 hours. Try again in 22 hours.',
      reason: 'offers.conversation.newAccount',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(22 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600);
    expect(await conversationSnapshot(t)).toEqual(before);

    // Its conversations go on: more messages, and asking again about the same listing.
    await sendMessage(t, buyer, ids[0]!, 'Still there?');
    const again = await call(t, buyer, 'POST', '/api/conversations', {
      productId: products[0],
      text: 'One more question',
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('counts the wait in minutes in the last hour, and lifts the limit at 24 hours', async () => {
    const buyer = await userAged('buyer', 23.5);
    const seller = await userAged('seller', 30 * 24);
    const products = await insertProducts(t, seller.id, NEW_ACCOUNT_CONVERSATIONS_MAX + 2);
    for (const productId of products.slice(0, NEW_ACCOUNT_CONVERSATIONS_MAX)) {
      await startConversation(t, buyer, productId, 'Hi');
    }
    const refused = await call(t, buyer, 'POST', '/api/conversations', {
      productId: products[NEW_ACCOUNT_CONVERSATIONS_MAX],
      text: 'Hi',
    });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'A new account can start 5 conversations in its first 24 hours. Try again in 30 minutes.',
    );
    const inBangla = await call(
      t,
      { headers: { ...buyer.headers, 'accept-language': 'bn' } },
      'POST',
      '/api/conversations',
      { productId: products[NEW_ACCOUNT_CONVERSATIONS_MAX], text: 'Hi' },
    );
    expect(inBangla.statusCode, inBangla.body).toBe(429);
    expect(inBangla.json<{ error: { message: string } }>().error.message).toBe(
      'নতুন অ্যাকাউন্ট থেকে প্রথম ২৪ ঘণ্টায় ৫টি কথোপকথন শুরু করা যায়। ৩০ মিনিট পরে আবার চেষ্টা করুন।',
    );
    await backdateAccount(t, buyer.id, 1);
    const allowed = await call(t, buyer, 'POST', '/api/conversations', {
      productId: products[NEW_ACCOUNT_CONVERSATIONS_MAX],
      text: 'Hi',
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it('does not limit an account older than a day', async () => {
    const buyer = await userAged('buyer', 25);
    const seller = await userAged('seller', 30 * 24);
    const products = await insertProducts(t, seller.id, NEW_ACCOUNT_CONVERSATIONS_MAX + 1);
    for (const productId of products) await startConversation(t, buyer, productId, 'Hi');
    const count = await t.app.db
      .selectFrom('conversations')
      .select('id')
      .where('buyerId', '=', buyer.id)
      .execute();
    expect(count).toHaveLength(NEW_ACCOUNT_CONVERSATIONS_MAX + 1);
  });

  it('opens one automatic report on three flagged messages in the first week', async () => {
    const seller = await userAged('seller', 3 * 24);
    const { buyer, conversationId } = await pair(seller);
    await sendMessage(t, seller, conversationId, DEPOSIT);
    await sendMessage(t, seller, conversationId, 'Meet at the mall at 5?');
    await sendMessage(t, seller, conversationId, CODE);
    expect(await scamShieldReports(seller.id)).toEqual([]);

    await sendMessage(t, seller, conversationId, WHATSAPP);
    const [report, ...more] = await scamShieldReports(seller.id);
    expect(more).toEqual([]);
    expect(report).toMatchObject({
      reporterId: null,
      status: 'open',
      note: "3 messages flagged by the scam shield in the account's first 7 days (payment_first, one_time_code, other_app)",
    });

    // A fourth flagged message, in another conversation, opens no second report.
    const other = await pair(seller);
    await sendMessage(t, seller, other.conversationId, 'Google Play gift card only');
    expect(await scamShieldReports(seller.id)).toHaveLength(1);
    // The buyer still got every message.
    expect(await messagesOf(buyer, conversationId)).toHaveLength(5);

    // It is in the moderators' queue, about the account, with its reason in words.
    const queue = await call(t, admin, 'GET', '/api/admin/reports?limit=100');
    expect(queue.statusCode, queue.body).toBe(200);
    const group = queue
      .json<unknown[]>()
      .map((g) => reportGroupSchema.parse(g))
      .find((g) => g.targetType === 'user' && g.targetId === seller.id);
    expect(group?.reports.map((r) => [r.reason, r.reporter])).toEqual([['scam_shield', null]]);
  });

  it('opens no report for an account past its first week, or with two flagged messages', async () => {
    const old = await userAged('seller', 8 * 24);
    const a = await pair(old);
    for (const text of [DEPOSIT, CODE, WHATSAPP]) await sendMessage(t, old, a.conversationId, text);
    expect(await scamShieldReports(old.id)).toEqual([]);

    const young = await userAged('seller', 1);
    const b = await pair(young);
    for (const text of [DEPOSIT, CODE]) await sendMessage(t, young, b.conversationId, text);
    expect(await scamShieldReports(young.id)).toEqual([]);
  });

  it('counts a buyer as it counts a seller', async () => {
    const buyer = await userAged('buyer', 10);
    const seller = await userAged('seller', 30 * 24);
    const [productId] = await insertProducts(t, seller.id, 1);
    const { conversation } = await startConversation(t, buyer, productId!, DEPOSIT);
    await sendMessage(t, buyer, conversation._id, 'Send me the OTP please');
    await sendMessage(t, buyer, conversation._id, 'No meetups, courier only');
    const reports = await scamShieldReports(buyer.id);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.note).toBe(
      "3 messages flagged by the scam shield in the account's first 7 days (payment_first, one_time_code, shipping_only)",
    );
  });
});
