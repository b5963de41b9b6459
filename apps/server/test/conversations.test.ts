import { beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES_PAGE_SIZE,
  conversationSchema,
  messageSchema,
  startedConversationSchema,
  unreadCountsSchema,
  type Conversation,
  type Message,
} from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createCallers, createUser, type TestUser } from './factories.ts';
import { call, insertCategories, insertProducts } from './helpers/market.ts';
import { acceptBooking, requestBooking } from './helpers/deal.ts';
import {
  backdateAccount,
  conversationSnapshot,
  insertMessages,
  sendMessage,
  startConversation,
} from './helpers/conversations.ts';
import { HIDDEN_CONTACT } from '../src/modules/conversations/conversation-view.ts';

const t = useTestApp();
let users: Awaited<ReturnType<typeof createCallers>>;

beforeAll(async () => {
  await insertCategories(t);
  users = await createCallers(t);
});

/** A listing of `seller` (by default the shared seller), fresh for one test. */
async function listing(seller: TestUser = users.seller): Promise<string> {
  const [id] = await insertProducts(t, seller.id, 1);
  return id!;
}

/** A buyer of its own: the new-conversation limit (10 an hour) counts per buyer. */
const freshBuyer = () => createUser(t, { role: 'buyer' });

async function messagesOf(caller: TestUser, conversationId: string) {
  const res = await call(t, caller, 'GET', `/api/conversations/${conversationId}/messages`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Message[]>();
}

async function inbox(caller: TestUser, query = '') {
  const res = await call(t, caller, 'GET', `/api/conversations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { list: res.json<Conversation[]>(), total: Number(res.headers['x-total-count']) };
}

async function unread(caller: TestUser) {
  const res = await call(t, caller, 'GET', '/api/me/unread');
  expect(res.statusCode, res.body).toBe(200);
  return unreadCountsSchema.parse(res.json());
}

/** Expects the refusal, with its message, and that no conversation data changed. */
async function expectRefused(
  send: () => ReturnType<typeof call>,
  status: number,
  message: string | RegExp,
) {
  const before = await conversationSnapshot(t);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  const error = res.json<{ error: { code: string; message: string } }>().error;
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  expect(await conversationSnapshot(t)).toEqual(before);
  return error;
}

describe(`conversations on ${testDbKind}`, () => {
  it('starts one conversation per buyer and listing, and reuses it', async () => {
    const productId = await listing();
    const first = await call(t, users.buyer, 'POST', '/api/conversations', {
      productId,
      text: '  Is it still available?  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    const started = startedConversationSchema.parse(first.json());
    expect(started.conversation).toMatchObject({
      productId,
      productName: 'Bulk phone 0',
      productImage: '/demo/iphone-2.webp',
      productStatus: 'available',
      other: { _id: users.seller.id, name: users.seller.name, role: 'seller' },
      unread: 0,
      blocked: false,
      contactsShown: false,
      canOffer: true,
    });
    expect(started.message).toMatchObject({
      text: 'Is it still available?',
      mine: true,
      senderId: users.buyer.id,
      readAt: null,
      masked: false,
    });

    const again = await call(t, users.buyer, 'POST', '/api/conversations', {
      productId,
      text: 'Can you send more photos?',
    });
    expect(again.statusCode, again.body).toBe(200);
    const reused = startedConversationSchema.parse(again.json());
    expect(reused.conversation._id).toBe(started.conversation._id);

    const rows = await t.app.db
      .selectFrom('messages')
      .select(['text', 'senderId'])
      .where('conversationId', '=', started.conversation._id)
      .orderBy('createdAt')
      .execute();
    expect(rows).toEqual([
      { text: 'Is it still available?', senderId: users.buyer.id },
      { text: 'Can you send more photos?', senderId: users.buyer.id },
    ]);
    const conversations = await t.app.db
      .selectFrom('conversations')
      .selectAll()
      .where('productId', '=', productId)
      .execute();
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ buyerId: users.buyer.id, sellerId: users.seller.id });

    // Another buyer about the same listing has a conversation of their own.
    const other = await startConversation(t, users.otherBuyer, productId);
    expect(other.conversation._id).not.toBe(started.conversation._id);
  });

  it("lists each party's conversations newest first, with unread counts and the other party", async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    const seller = await createUser(t, { role: 'seller' });
    const [a, b, c] = await insertProducts(t, seller.id, 3);
    const first = await startConversation(t, buyer, a!, 'About the first');
    const second = await startConversation(t, buyer, b!, 'About the second');
    await sendMessage(t, seller, first.conversation._id, 'Yes, still here');
    const third = await startConversation(t, buyer, c!, 'About the third');

    const buyers = await inbox(buyer);
    expect(buyers.total).toBe(3);
    expect(buyers.list.map((x) => x._id)).toEqual([
      third.conversation._id,
      first.conversation._id,
      second.conversation._id,
    ]);
    for (const item of buyers.list) conversationSchema.parse(item);
    expect(buyers.list[1]).toMatchObject({
      unread: 1,
      other: { _id: seller.id, name: seller.name, role: 'seller' },
      lastMessage: { text: 'Yes, still here', mine: false, senderId: seller.id },
    });

    const sellers = await inbox(seller);
    expect(sellers.total).toBe(3);
    expect(sellers.list.map((x) => [x._id, x.unread])).toEqual([
      [third.conversation._id, 1],
      [first.conversation._id, 1],
      [second.conversation._id, 1],
    ]);
    expect(sellers.list[0]!.other).toMatchObject({ _id: buyer.id, role: 'buyer' });

    const page2 = await inbox(buyer, '?limit=2&page=2');
    expect(page2.total).toBe(3);
    expect(page2.list.map((x) => x._id)).toEqual([second.conversation._id]);

    expect(await unread(buyer)).toEqual({ messages: 1, notifications: expect.any(Number) });
    expect((await unread(seller)).messages).toBe(3);
  });

  it('pages messages newest first with a signed cursor in Link rel="next"', async () => {
    const productId = await listing();
    const buyer = await createUser(t, { role: 'buyer' });
    const started = await startConversation(t, buyer, productId, 'Hello');
    const id = started.conversation._id;
    const total = MESSAGES_PAGE_SIZE * 2 + 5;
    const after = new Date(Date.now() + 10 * 60_000);
    const ids = await insertMessages(t, id, [buyer.id, users.seller.id], total - 1, after);

    const seen: string[] = [];
    let url: string | null = `/api/conversations/${id}/messages`;
    const pageSizes: number[] = [];
    while (url) {
      const res = await call(t, buyer, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(total));
      const page = res.json<Message[]>();
      for (const m of page) messageSchema.parse(m);
      pageSizes.push(page.length);
      seen.push(...page.map((m) => m._id));
      const link = res.headers.link as string | undefined;
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
      if (url) expect(res.headers['x-next-cursor']).toBeTypeOf('string');
    }
    expect(pageSizes).toEqual([MESSAGES_PAGE_SIZE, MESSAGES_PAGE_SIZE, 5]);
    expect(new Set(seen).size).toBe(total);
    // Newest first: the inserted ones (newest last in `ids`), then the first message.
    expect(seen.slice(0, total - 1)).toEqual([...ids].reverse());
    expect(seen.at(-1)).toBe(started.message._id);
  });

  it('refuses a malformed or foreign cursor with 400', async () => {
    const buyer = await freshBuyer();
    const one = await startConversation(t, buyer, await listing());
    const two = await startConversation(t, buyer, await listing());
    await insertMessages(t, two.conversation._id, [buyer.id], MESSAGES_PAGE_SIZE + 1);
    const res = await call(t, buyer, 'GET', `/api/conversations/${two.conversation._id}/messages`);
    const cursor = String(res.headers['x-next-cursor']);
    for (const bad of ['nonsense', `${cursor}x`, 'a.b.c', cursor.replace(/^./, 'A')]) {
      const refused = await call(
        t,
        buyer,
        'GET',
        `/api/conversations/${two.conversation._id}/messages?cursor=${encodeURIComponent(bad)}`,
      );
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        'This page link is not valid',
      );
    }
    const foreign = await call(
      t,
      buyer,
      'GET',
      `/api/conversations/${one.conversation._id}/messages?cursor=${encodeURIComponent(cursor)}`,
    );
    expect(foreign.statusCode).toBe(400);
  });

  it('sends messages both ways and marks them read', async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    const { conversation } = await startConversation(t, buyer, await listing(), 'Hi');
    const reply = await call(
      t,
      users.seller,
      'POST',
      `/api/conversations/${conversation._id}/messages`,
      {
        text: 'Hello! Yes, it is.',
      },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect(messageSchema.parse(reply.json())).toMatchObject({
      text: 'Hello! Yes, it is.',
      mine: true,
      senderId: users.seller.id,
    });
    await sendMessage(t, users.seller, conversation._id, 'When can you come?');
    expect((await unread(buyer)).messages).toBe(2);

    const before = Date.now();
    const read = await call(t, buyer, 'POST', `/api/conversations/${conversation._id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ messages: 0 });
    const rows = await t.app.db
      .selectFrom('messages')
      .select(['senderId', 'readAt'])
      .where('conversationId', '=', conversation._id)
      .execute();
    for (const row of rows) {
      if (row.senderId === buyer.id) expect(row.readAt).toBeNull();
      else expect(new Date(row.readAt!).getTime()).toBeGreaterThanOrEqual(before - 5);
    }
    const stored = await t.app.db
      .selectFrom('conversations')
      .select(['buyerLastReadAt', 'sellerLastReadAt'])
      .where('id', '=', conversation._id)
      .executeTakeFirstOrThrow();
    expect(stored.buyerLastReadAt).not.toBeNull();
    expect(stored.sellerLastReadAt).toBeNull();

    // The seller sees the read time on their messages and hears of it live.
    const sellerView = await messagesOf(users.seller, conversation._id);
    expect(sellerView.filter((m) => m.mine).every((m) => m.readAt !== null)).toBe(true);
    const readEvent = await t.app.db
      .selectFrom('live_events')
      .select(['type', 'payload'])
      .where('userId', '=', users.seller.id)
      .where('type', '=', 'read')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(readEvent.payload)).toMatchObject({
      type: 'read',
      conversationId: conversation._id,
    });
  });

  it('tells both parties of a new message in their event logs', async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    const { conversation, message } = await startConversation(t, buyer, await listing(), 'Ping');
    const events = await t.app.db
      .selectFrom('live_events')
      .select(['userId', 'type', 'payload'])
      .where('userId', 'in', [buyer.id, users.seller.id])
      .where('type', '=', 'message')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const byUser = new Map(events.map((e) => [e.userId, JSON.parse(e.payload)]));
    expect(byUser.get(buyer.id)).toMatchObject({
      conversationId: conversation._id,
      message: { _id: message._id, mine: true },
    });
    expect(byUser.get(users.seller.id)).toMatchObject({
      conversationId: conversation._id,
      message: { _id: message._id, mine: false },
    });
    const sellerUnread = await t.app.db
      .selectFrom('live_events')
      .select('payload')
      .where('userId', '=', users.seller.id)
      .where('type', '=', 'unread')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(sellerUnread.payload).counts.messages).toBeGreaterThanOrEqual(1);
  });

  it('blocks both ways; only whoever blocked unblocks; the thread stays readable', async () => {
    const productId = await listing();
    const buyer = await createUser(t, { role: 'buyer' });
    const { conversation } = await startConversation(t, buyer, productId, 'Hi there');
    const path = `/api/conversations/${conversation._id}`;

    const blocked = await call(t, buyer, 'POST', `${path}/block`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true, blockedByMe: true });
    const seen = await call(t, users.seller, 'GET', '/api/conversations?limit=100');
    expect(seen.json<Conversation[]>().find((c) => c._id === conversation._id)).toMatchObject({
      blocked: true,
      blockedByMe: false,
    });

    const blockedMessage = 'This conversation is blocked: no more messages can be sent in it';
    await expectRefused(
      () => call(t, users.seller, 'POST', `${path}/messages`, { text: 'Please?' }),
      409,
      blockedMessage,
    );
    await expectRefused(
      () => call(t, buyer, 'POST', `${path}/messages`, { text: 'Oops' }),
      409,
      blockedMessage,
    );
    await expectRefused(
      () => call(t, buyer, 'POST', '/api/conversations', { productId, text: 'Again' }),
      409,
      blockedMessage,
    );
    expect(await messagesOf(users.seller, conversation._id)).toHaveLength(1);
    // Blocking again changes nothing.
    const twice = await call(t, users.seller, 'POST', `${path}/block`);
    expect(twice.json()).toMatchObject({ blocked: true, blockedByMe: false });

    await expectRefused(
      () => call(t, users.seller, 'DELETE', `${path}/block`),
      403,
      'Only the person who blocked this conversation can unblock it',
    );
    const unblocked = await call(t, buyer, 'DELETE', `${path}/block`);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toMatchObject({ blocked: false, blockedByMe: false });
    await sendMessage(t, users.seller, conversation._id, 'Welcome back');

    const events = await t.app.db
      .selectFrom('live_events')
      .select('userId')
      .where('type', '=', 'conversation')
      .where('userId', 'in', [buyer.id, users.seller.id])
      .where('payload', 'like', `%${conversation._id}%`)
      .execute();
    // Blocked and unblocked, each told to both parties.
    expect(events).toHaveLength(4);
  });

  it('stores one open report per reporter for the conversation and for each message', async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    const { conversation, message } = await startConversation(t, buyer, await listing(), 'Hi');
    const sellerMessage = await sendMessage(t, users.seller, conversation._id, 'Pay me first');
    const path = `/api/conversations/${conversation._id}/report`;

    const whole = await call(t, buyer, 'POST', path, {
      reason: 'scam',
      note: '  Asks for money  ',
    });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json()).toMatchObject({
      conversationId: conversation._id,
      messageId: null,
      reason: 'scam',
      note: 'Asks for money',
      status: 'open',
    });
    await expectRefused(
      () => call(t, buyer, 'POST', path, { reason: 'spam' }),
      409,
      'You have already reported this conversation; it is waiting for a moderator',
    );
    const one = await call(t, buyer, 'POST', path, {
      reason: 'scam',
      messageId: sellerMessage._id,
    });
    expect(one.statusCode, one.body).toBe(201);
    await expectRefused(
      () => call(t, buyer, 'POST', path, { reason: 'scam', messageId: sellerMessage._id }),
      409,
      'You have already reported this message; it is waiting for a moderator',
    );
    await expectRefused(
      () => call(t, buyer, 'POST', path, { reason: 'spam', messageId: message._id }),
      400,
      'You cannot report your own message',
    );
    await expectRefused(
      () => call(t, buyer, 'POST', path, { reason: 'spam', messageId: 'no-such-message' }),
      404,
      'No such message in this conversation',
    );
    await expectRefused(
      () => call(t, buyer, 'POST', path, { reason: 'boring' }),
      400,
      /Choose a reason: spam, scam, offensive, other/,
    );
    await expectRefused(
      () => call(t, buyer, 'POST', path, { reason: 'other', note: 'x'.repeat(501) }),
      400,
      /A note can be at most 500 characters/,
    );
    // The seller may report the same conversation too.
    expect((await call(t, users.seller, 'POST', path, { reason: 'offensive' })).statusCode).toBe(
      201,
    );
    // Reports about the conversation and about its messages, in the moderators' one queue.
    const messageIds = await t.app.db
      .selectFrom('messages')
      .select('id')
      .where('conversationId', '=', conversation._id)
      .execute();
    const rows = await t.app.db
      .selectFrom('reports')
      .select(['reporterId', 'targetType', 'targetId', 'reason', 'status'])
      .where((eb) =>
        eb.or([
          eb.and([eb('targetType', '=', 'conversation'), eb('targetId', '=', conversation._id)]),
          eb.and([
            eb('targetType', '=', 'message'),
            eb(
              'targetId',
              'in',
              messageIds.map((m) => m.id),
            ),
          ]),
        ]),
      )
      .orderBy('createdAt')
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === 'open')).toBe(true);
  });

  it('masks phone numbers and emails until the seller accepts this buyer, then shows them', async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    const productId = await listing();
    const typed = 'Call me on +880 1712 345678 or write to ana@example.com. $400 for 128 GB?';
    const { conversation, message } = await startConversation(t, buyer, productId, typed);
    const masked = `Call me on ${HIDDEN_CONTACT.buyer} or write to ${HIDDEN_CONTACT.buyer}. $400 for 128 GB?`;
    expect(message).toMatchObject({ text: masked, masked: true });
    expect(conversation.contactsShown).toBe(false);

    const forSeller = await messagesOf(users.seller, conversation._id);
    expect(forSeller[0]).toMatchObject({
      text: `Call me on ${HIDDEN_CONTACT.seller} or write to ${HIDDEN_CONTACT.seller}. $400 for 128 GB?`,
      masked: true,
    });
    // Stored as typed; the live event to the seller is masked too.
    const stored = await t.app.db
      .selectFrom('messages')
      .select('text')
      .where('id', '=', message._id)
      .executeTakeFirstOrThrow();
    expect(stored.text).toBe(typed);
    const event = await t.app.db
      .selectFrom('live_events')
      .select('payload')
      .where('userId', '=', users.seller.id)
      .where('type', '=', 'message')
      .where('payload', 'like', `%${message._id}%`)
      .executeTakeFirstOrThrow();
    expect(event.payload).not.toContain('345678');
    expect(event.payload).not.toContain('ana@example.com');

    // A waiting request does not show them; the seller's acceptance does.
    const bookingId = await requestBooking(t, buyer, productId);
    expect((await messagesOf(buyer, conversation._id))[0]!.masked).toBe(true);
    await acceptBooking(t, users.seller, bookingId);
    expect((await messagesOf(buyer, conversation._id))[0]).toMatchObject({
      text: typed,
      masked: false,
    });
    expect((await messagesOf(users.seller, conversation._id))[0]).toMatchObject({ text: typed });
    const { list } = await inbox(buyer);
    expect(list.find((c) => c._id === conversation._id)).toMatchObject({
      contactsShown: true,
      lastMessage: { text: typed, masked: false },
    });

    // Another buyer of the same listing still sees them masked.
    const other = await startConversation(t, users.otherBuyer, productId, 'mine: 01898765432');
    expect(other.message).toMatchObject({ text: `mine: ${HIDDEN_CONTACT.buyer}`, masked: true });
  });

  it('keeps HTML as text', async () => {
    const html = '<img src=x onerror=alert(1)> <b>bold</b> & "quotes"';
    const { message } = await startConversation(t, await freshBuyer(), await listing(), html);
    expect(message.text).toBe(html);
    const stored = await t.app.db
      .selectFrom('messages')
      .select('text')
      .where('id', '=', message._id)
      .executeTakeFirstOrThrow();
    expect(stored.text).toBe(html);
  });

  describe('refuses bad input with the reason and changes nothing', () => {
    const tooLong = 'a'.repeat(2001);
    it.each([
      ['an empty message', { text: '' }, 'Write a message'],
      ['a whitespace-only message', { text: ' \n\t  ' }, 'Write a message'],
      ['2,001 characters', { text: tooLong }, 'A message can be at most 2,000 characters'],
      ['binary data', { text: 'ab\u0000\u0001\u00ffcd' }, 'A message can only hold text'],
      ['a replacement character', { text: 'broken \ufffd bytes' }, 'A message can only hold text'],
      ['a number for text', { text: 42 }, /text/],
      ['no text', {}, /text/],
    ])('%s, when starting and when sending', async (_label, body, message) => {
      const productId = await listing();
      const buyer = await freshBuyer();
      const pattern = typeof message === 'string' ? new RegExp(message) : message;
      await expectRefused(
        () => call(t, buyer, 'POST', '/api/conversations', { productId, ...body }),
        400,
        pattern,
      );
      const { conversation } = await startConversation(t, buyer, productId);
      await expectRefused(
        () =>
          call(t, users.seller, 'POST', `/api/conversations/${conversation._id}/messages`, body),
        400,
        pattern,
      );
    });

    it('accepts exactly 2,000 characters', async () => {
      const { message } = await startConversation(
        t,
        await freshBuyer(),
        await listing(),
        'b'.repeat(2000),
      );
      expect(message.text).toHaveLength(2000);
    });

    it('a missing or malformed productId', async () => {
      await expectRefused(
        () => call(t, users.buyer, 'POST', '/api/conversations', { text: 'Hi' }),
        400,
        /productId/,
      );
      await expectRefused(
        () => call(t, users.buyer, 'POST', '/api/conversations', { productId: 7, text: 'Hi' }),
        400,
        /productId/,
      );
    });

    it('a deleted or unknown listing (404)', async () => {
      const productId = await listing();
      await t.app.db.deleteFrom('products').where('id', '=', productId).execute();
      await expectRefused(
        () => call(t, users.buyer, 'POST', '/api/conversations', { productId, text: 'Hi' }),
        404,
        'No such listing: it may have been deleted',
      );
    });

    it('a sold listing (409)', async () => {
      const productId = await listing();
      await t.app.db
        .updateTable('products')
        .set({ status: 'sold' })
        .where('id', '=', productId)
        .execute();
      await expectRefused(
        () => call(t, users.buyer, 'POST', '/api/conversations', { productId, text: 'Hi' }),
        409,
        'This phone has been sold',
      );
    });

    it('a listing held or hidden by moderation (409)', async () => {
      for (const moderation of ['held', 'hidden'] as const) {
        const productId = await listing();
        await t.app.db
          .updateTable('products')
          .set({ moderation })
          .where('id', '=', productId)
          .execute();
        await expectRefused(
          () => call(t, users.buyer, 'POST', '/api/conversations', { productId, text: 'Hi' }),
          409,
          'This listing is unavailable',
        );
      }
    });

    it("the buyer's own listing (403), and a seller asking (403)", async () => {
      const owner = await createUser(t, { role: 'buyer' });
      const productId = await listing(owner);
      await expectRefused(
        () => call(t, owner, 'POST', '/api/conversations', { productId, text: 'Hi me' }),
        403,
        'This is your own listing',
      );
      await expectRefused(
        () =>
          call(t, users.otherSeller, 'POST', '/api/conversations', {
            productId: productId,
            text: 'Hi',
          }),
        403,
        'This needs a buyer account',
      );
    });

    it("someone else's or an unknown conversation: 404 for every call, admins included", async () => {
      const buyer = await freshBuyer();
      const { conversation, message } = await startConversation(t, buyer, await listing());
      const path = `/api/conversations/${conversation._id}`;
      const calls = [
        ['GET', `${path}/messages`, undefined],
        ['POST', `${path}/messages`, { text: 'Let me in' }],
        ['POST', `${path}/read`, undefined],
        ['POST', `${path}/block`, undefined],
        ['DELETE', `${path}/block`, undefined],
        ['POST', `${path}/report`, { reason: 'spam', messageId: message._id }],
      ] as const;
      for (const stranger of [users.otherBuyer, users.otherSeller, users.admin]) {
        for (const [method, url, body] of calls) {
          await expectRefused(
            () => call(t, stranger, method, url, body),
            404,
            'No such conversation',
          );
        }
      }
      for (const [method, url, body] of calls) {
        const unknown = url.replace(conversation._id, 'no-such-conversation');
        await expectRefused(
          () => call(t, buyer, method, unknown, body),
          404,
          'No such conversation',
        );
        await expectRefused(() => call(t, null, method, url, body), 401, 'Sign in to continue');
      }
      const list = await call(t, users.otherBuyer, 'GET', '/api/conversations');
      expect(list.json<Conversation[]>().some((c) => c._id === conversation._id)).toBe(false);
    });
  });

  it('limits new conversations to 10 an hour and messages to 30 a minute (429)', async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    await backdateAccount(t, buyer.id);
    const seller = await createUser(t, { role: 'seller' });
    const products = await insertProducts(t, seller.id, 11);
    const ids: string[] = [];
    for (const productId of products.slice(0, 10)) {
      ids.push((await startConversation(t, buyer, productId, 'Hi')).conversation._id);
    }
    await expectRefused(
      () => call(t, buyer, 'POST', '/api/conversations', { productId: products[10], text: 'Hi' }),
      429,
      // An hour's limit: a full hour to wait is said so.
      /^Too many new conversations\. Try again in (\d+ minutes?|1 hour)\.$/,
    );
    // Writing in a conversation the buyer has still works, up to 30 messages a minute.
    for (let i = 0; i < 20; i++) await sendMessage(t, buyer, ids[i % 10]!, `Message ${i}`);
    const refused = await expectRefused(
      () => call(t, buyer, 'POST', `/api/conversations/${ids[0]}/messages`, { text: 'One more' }),
      429,
      /^Too many messages\. Try again in (\d+ seconds?|1 minute)\.$/,
    );
    expect(refused.code).toBe('RATE_LIMITED');
    // Per user: the seller still answers.
    await sendMessage(t, seller, ids[0]!, 'I am here');
  });
});
