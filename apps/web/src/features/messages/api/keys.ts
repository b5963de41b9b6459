/**
 * The messages' query keys, built only here: the inbox pages, each conversation, each thread's
 * messages, and the top bar's unread counts. Everything about conversations starts with `all`,
 * so that a change that may touch any of them (a booking accepted shows contact details) reaches
 * every one.
 */
import type { PageParams } from '../../../lib/paging.ts';

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (params: PageParams) => [...conversationKeys.lists(), params] as const,
  details: () => [...conversationKeys.all, 'detail'] as const,
  detail: (id: string) => [...conversationKeys.details(), id] as const,
  threads: () => [...conversationKeys.all, 'messages'] as const,
  messages: (id: string) => [...conversationKeys.threads(), id] as const,
};

/**
 * GET /api/me/unread: unread messages and notifications, read by the top bar; kept per person, so
 * that whoever signs in next in the tab never sees the last one's counts.
 */
export const unreadKeys = {
  all: ['unread'] as const,
  of: (userId: string) => [...unreadKeys.all, userId] as const,
};
