import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@market/shared';
import type { Page } from '../../../lib/api-client.ts';
import {
  inboxWithMessage,
  messagesInOrder,
  threadReadUpTo,
  threadWithMessage,
  type Thread,
} from './thread-cache.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 9, minute)).toISOString();

function message(id: string, minute: number, mine: boolean, readAt: string | null = null): Message {
  return {
    _id: id,
    conversationId: 'c1',
    senderId: mine ? 'me' : 'them',
    mine,
    text: `text ${id}`,
    masked: false,
    scamWarnings: [],
    createdAt: at(minute),
    readAt,
    offer: null,
  };
}

/** Newest first, as the API pages them: page 1 holds the newest. */
function thread(...pages: Message[][]): Thread {
  return {
    pages: pages.map((items) => ({ items, total: pages.flat().length })),
    pageParams: pages.map((_, i) => (i === 0 ? undefined : `cursor-${i}`)),
  };
}

function conversation(
  id: string,
  minute: number,
  unread: number,
  last: Message | null,
): Conversation {
  return {
    _id: id,
    productId: 'p1',
    productName: 'iPhone 13',
    productImage: '/demo/iphone-1.webp',
    productStatus: 'available',
    other: { _id: 'them', name: 'Sam', img: null, role: 'seller' },
    lastMessage: last,
    unread,
    blocked: false,
    blockedByMe: false,
    contactsShown: false,
    canOffer: false,
    updatedAt: at(minute),
  };
}

describe('a thread in the cache', () => {
  it('takes a new message as its newest, once', () => {
    const before = thread(
      [message('m2', 2, false), message('m1', 1, true)],
      [message('m0', 0, false)],
    );
    const arrived = message('m3', 3, false);
    const after = threadWithMessage(before, arrived);
    expect(messagesInOrder(after).map((m) => m._id)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(after.pages[0]?.total).toBe(4);
    // The same event again (a replay after a reconnect) changes nothing but the message itself.
    const again = threadWithMessage(after, { ...arrived, text: 'edited' });
    expect(messagesInOrder(again).map((m) => m._id)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(messagesInOrder(again).at(-1)?.text).toBe('edited');
  });

  it("marks the reader's own messages seen up to the other party's read time", () => {
    const before = thread([
      message('m3', 3, true),
      message('m2', 2, false),
      message('m1', 1, true),
    ]);
    const after = messagesInOrder(threadReadUpTo(before, at(2)));
    expect(after.map((m) => [m._id, m.readAt])).toEqual([
      ['m1', at(2)],
      ['m2', null],
      ['m3', null],
    ]);
  });
});

describe('an inbox page in the cache', () => {
  const inbox: Page<Conversation> = {
    items: [conversation('c2', 5, 0, null), conversation('c1', 1, 0, message('m1', 1, true))],
    total: 2,
  };

  it('moves the conversation with a new message to the top and counts it unread', () => {
    const arrived = message('m2', 6, false);
    const after = inboxWithMessage(inbox, 'c1', arrived);
    expect(after?.items.map((c) => c._id)).toEqual(['c1', 'c2']);
    expect(after?.items[0]?.unread).toBe(1);
    expect(after?.items[0]?.lastMessage?._id).toBe('m2');
    // Counted once, however often the event comes.
    expect(inboxWithMessage(after!, 'c1', arrived)?.items[0]?.unread).toBe(1);
  });

  it("does not count the reader's own message, nor one older than the last", () => {
    expect(inboxWithMessage(inbox, 'c1', message('m2', 6, true))?.items[0]?.unread).toBe(0);
    expect(inboxWithMessage(inbox, 'c1', message('m0', 0, false))).toBe(inbox);
  });

  it('says when the page does not hold the conversation', () => {
    expect(inboxWithMessage(inbox, 'c9', message('m9', 9, false))).toBeUndefined();
  });
});
