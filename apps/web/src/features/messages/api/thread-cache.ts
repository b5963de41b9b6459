import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '@market/shared';
import type { Page } from '../../../lib/api-client.ts';
import { conversationKeys } from './keys.ts';

/*
 * What a new message or a read receipt changes in the caches already filled, so that the open
 * thread and the inbox show it without asking the server again. Plain functions of the cached
 * data, and the few lines that apply them.
 */

export type Thread = InfiniteData<Page<Message>>;

/** The thread with `message` as its newest (or in its place, when already there). */
export function threadWithMessage(thread: Thread, message: Message): Thread {
  const known = thread.pages.some((page) => page.items.some((m) => m._id === message._id));
  if (known) {
    return {
      ...thread,
      pages: thread.pages.map((page) => ({
        ...page,
        items: page.items.map((m) => (m._id === message._id ? message : m)),
      })),
    };
  }
  const [newest, ...older] = thread.pages;
  if (!newest) return thread;
  return {
    ...thread,
    pages: [{ ...newest, items: [message, ...newest.items], total: newest.total + 1 }, ...older],
  };
}

/** The thread once the other party has read the reader's messages sent up to `readAt`. */
export function threadReadUpTo(thread: Thread, readAt: string): Thread {
  const until = Date.parse(readAt);
  return {
    ...thread,
    pages: thread.pages.map((page) => ({
      ...page,
      items: page.items.map((m) =>
        m.mine && m.readAt === null && Date.parse(m.createdAt) <= until ? { ...m, readAt } : m,
      ),
    })),
  };
}

/**
 * An inbox page with the conversation's new last message: the conversation moves to the top, its
 * unread count grows when the other party wrote. Undefined when the page does not hold it.
 */
export function inboxWithMessage(
  inbox: Page<Conversation>,
  conversationId: string,
  message: Message,
): Page<Conversation> | undefined {
  const conversation = inbox.items.find((c) => c._id === conversationId);
  if (!conversation) return undefined;
  if (
    conversation.lastMessage &&
    Date.parse(conversation.lastMessage.createdAt) > Date.parse(message.createdAt)
  ) {
    return inbox;
  }
  const updated: Conversation = {
    ...conversation,
    lastMessage: message,
    updatedAt: message.createdAt,
    unread:
      message.mine || conversation.lastMessage?._id === message._id
        ? conversation.unread
        : conversation.unread + 1,
  };
  return {
    ...inbox,
    items: [updated, ...inbox.items.filter((c) => c._id !== conversationId)],
  };
}

/** Puts a message the reader sent or received into the thread and the inbox pages shown. */
export function addMessage(queryClient: QueryClient, conversationId: string, message: Message) {
  queryClient.setQueryData<Thread>(conversationKeys.messages(conversationId), (thread) =>
    thread ? threadWithMessage(thread, message) : thread,
  );
  let inInbox = false;
  for (const [key, inbox] of queryClient.getQueriesData<Page<Conversation>>({
    queryKey: conversationKeys.lists(),
  })) {
    const updated = inbox && inboxWithMessage(inbox, conversationId, message);
    if (!updated) continue;
    inInbox = true;
    queryClient.setQueryData(key, updated);
  }
  // A conversation on no page shown (a new one, or on a later page): the inbox asks again.
  if (!inInbox) void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
}

/** The other party has read the reader's messages up to `readAt`. */
export function markSeen(queryClient: QueryClient, conversationId: string, readAt: string) {
  queryClient.setQueryData<Thread>(conversationKeys.messages(conversationId), (thread) =>
    thread ? threadReadUpTo(thread, readAt) : thread,
  );
}

/** The thread's messages, oldest first, as they are shown. */
export function messagesInOrder(thread: Thread | undefined): Message[] {
  if (!thread) return [];
  return thread.pages.flatMap((page) => page.items).reverse();
}
