import { paths } from '@market/shared';
import type { Kysely, Transaction } from 'kysely';
import { valueWriters } from '../../db/dialect.ts';
import type { Notification, NotificationKind } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { mailQueuedSince } from './notifications.repository.ts';
import type { Notices } from './notify.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A message email waits this long: read by then, it is not sent. */
export const MESSAGE_MAIL_DELAY_MS = 10 * 60 * 1000;
/** At most one message email per conversation in this time. */
export const MESSAGE_MAIL_GAP_MS = 60 * 60 * 1000;

/** The key of a conversation's message notice for the hour `at` falls in. */
function messageKeyPrefix(conversationId: string, recipientId: string): string {
  return `new_message:${conversationId}:${recipientId}:`;
}

/** The conversation a message email is about; null for other emails. */
export function conversationOfMessageMail(
  kind: NotificationKind,
  dedupeKey: string,
): string | null {
  if (kind !== 'new_message') return null;
  return dedupeKey.split(':')[1] ?? null;
}

export interface NewMessageNotice {
  conversationId: string;
  /** The party who did not write it. */
  recipientId: string;
  senderName: string;
  productName: string;
  text: string;
  now?: Date;
}

/**
 * A new message, in the transaction that stores it: one notification per conversation and hour
 * in the recipient's list, and an email that waits 10 minutes and goes only if the message is
 * still unread then (the outbox worker checks), at most one per conversation an hour.
 */
export async function notifyNewMessage(
  notices: Notices,
  notice: NewMessageNotice,
): Promise<Notification | null> {
  const now = notice.now ?? new Date();
  const prefix = messageKeyPrefix(notice.conversationId, notice.recipientId);
  const hour = Math.floor(now.getTime() / MESSAGE_MAIL_GAP_MS);
  const content = {
    kind: 'new_message',
    params: { senderName: notice.senderName, productName: notice.productName, text: notice.text },
  } as const;
  const input = {
    userId: notice.recipientId,
    ...content,
    link: paths.dashboard.conversation(notice.conversationId),
    dedupeKey: `${prefix}${hour}`,
  };
  const emailedLately = await mailQueuedSince(
    notices.trx,
    notice.recipientId,
    'new_message',
    prefix,
    new Date(now.getTime() - MESSAGE_MAIL_GAP_MS),
  );
  const notBefore = new Date(now.getTime() + MESSAGE_MAIL_DELAY_MS);
  const notification = await notices.notify({
    ...input,
    email: emailedLately ? false : { notBefore },
    now,
  });
  // This hour's notice exists but its email was dropped (read in time): this message gets one.
  if (!notification && !emailedLately) {
    await notices.queueEmail(input, now, notBefore);
  }
  return notification;
}

/**
 * The recipient read the conversation: its message notices in their list are read too, so the
 * bell no longer counts what the conversation already showed. Answers how many it marked.
 */
export async function readMessageNotices(
  trx: Db,
  conversationId: string,
  recipientId: string,
  at: Date,
): Promise<number> {
  const result = await trx
    .updateTable('notifications')
    .set({ readAt: valueWriters(trx).date(at) })
    .where('userId', '=', recipientId)
    .where('kind', '=', 'new_message')
    .where('dedupeKey', 'like', `${messageKeyPrefix(conversationId, recipientId)}%`)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
