import type { UnreadCounts } from '@market/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countUnreadMessagesOf } from '../conversations/public.ts';
import { countUnreadNotifications } from './notifications.repository.ts';

/**
 * The user's unread messages and notifications: the one count behind the top bar
 * (GET /api/me/unread), the answer to marking things read, and the `unread` live event.
 */
export async function unreadCountsOf(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
): Promise<UnreadCounts> {
  const [messages, notifications] = await Promise.all([
    countUnreadMessagesOf(db, userId),
    countUnreadNotifications(db, userId),
  ]);
  return { messages, notifications };
}
