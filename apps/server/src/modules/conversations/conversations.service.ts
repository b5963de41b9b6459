import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  MESSAGES_PAGE_SIZE,
  NEW_ACCOUNT_CONVERSATIONS_MAX,
  NEW_ACCOUNT_LIMIT_HOURS,
  type Conversation,
  type ConversationReport,
  type Message,
  type PaginationQuery,
  type UnreadCounts,
  type reportConversationSchema,
} from '@market/shared';
import type { z } from 'zod';
import { isUniqueViolation, readBool, readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  reason,
  tooMany,
  waitFor,
  type LimitKey,
} from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { tooManyRequests, type RateLimiter } from '../../plugins/rate-limit.ts';
import {
  notifyNewMessage,
  readMessageNotices,
  unreadCountsOf,
  type Notices,
  type Notifier,
} from '../notifications/public.ts';
import {
  sideOf,
  toConversation,
  toMessage,
  writeScamFlags,
  type Side,
} from './conversation-view.ts';
import {
  countConversationsStartedBy,
  countMessages,
  findAccountCreatedAt,
  findConversationOfBuyer,
  findConversationView,
  insertConversation,
  insertMessage,
  insertReport,
  findMessageOf,
  hasAcceptedBooking,
  lastMessagesOf,
  listConversationViews,
  listMessages,
  lockConversation,
  lockProductForConversation,
  markConversationRead,
  setBlockedBy,
  setConversationUpdatedAt,
  type ConversationRow,
  type MessageRow,
} from './conversations.repository.ts';
import type { MessageCursors } from './message-cursor.ts';
import { reportRepeatedScamFlags } from './scam-reports.ts';
import { scamRulesOf } from './scam-shield.ts';
import { NOT_AN_OFFER_STEP } from './offer-events.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** What the conversation calls need besides the caller: set up once by the routes. */
export interface ConversationDeps {
  db: Db;
  notifier: Notifier;
  cursors: MessageCursors;
  /** 30 messages a minute per user; 10 new conversations an hour per buyer. */
  limits: { messages: RateLimiter; newConversations: RateLimiter };
}

const BLOCKED = 'offers.conversation.blocked';

type ConversationPermission = 'conversation.takePart' | 'conversation.block';

/**
 * The conversation, locked, once the permission lets the caller act on it (its two parties;
 * anyone else, admins included, is told it does not exist), with the caller's side of it.
 */
async function lockAsParty(
  trx: Trx,
  actor: Actor,
  permission: ConversationPermission,
  id: string,
): Promise<{ row: ConversationRow; side: Side }> {
  await requireAccess(trx, actor, permission, id);
  const row = await lockConversation(trx, id);
  // Gone since (an account or its listing was deleted).
  if (!row) throw refusalOf(permission);
  return { row, side: sideOf(row, actor.id)! };
}

async function consume(limiter: RateLimiter, key: string, what: LimitKey): Promise<void> {
  const wait = await limiter.consume(key);
  if (wait !== null) throw tooManyRequests(what, wait);
}

/**
 * Stores a message in its conversation and tells both parties: the message event to each (the
 * writer's other tabs too), and to the other party a notification (an email if it stays unread)
 * and fresh unread counts.
 */
async function storeMessage(
  notices: Notices,
  conversation: ConversationRow,
  sender: Actor,
  text: string,
  now: Date,
): Promise<{ row: MessageRow; contactsShown: boolean }> {
  const { trx, record } = notices;
  // Messages of a conversation keep the order they were sent in, even within one millisecond.
  const last = readDate(conversation.updatedAt).getTime();
  const at = new Date(Math.max(now.getTime(), last + 1));
  const w = valueWriters(trx);
  // Checked once, as sent: the warning stays what it was when the patterns change.
  const scamRules = scamRulesOf(text);
  const row: MessageRow = {
    id: crypto.randomUUID(),
    conversationId: conversation.id,
    senderId: sender.id,
    text,
    createdAt: w.date(at),
    readAt: null,
    scamFlags: writeScamFlags(scamRules),
    ...NOT_AN_OFFER_STEP,
  };
  await insertMessage(trx, row);
  await setConversationUpdatedAt(trx, conversation.id, at);
  if (scamRules.length > 0) await reportRepeatedScamFlags(trx, sender.id, at);

  const recipientId =
    conversation.buyerId === sender.id ? conversation.sellerId : conversation.buyerId;
  const recipientSide: Side = recipientId === conversation.buyerId ? 'buyer' : 'seller';
  // Contact details show once the seller accepted this buyer for this listing.
  const contactsShown = await hasAcceptedBooking(trx, conversation.buyerId, conversation.productId);
  const forRecipient = toMessage(row, { id: recipientId, side: recipientSide }, contactsShown);
  const forSender = toMessage(
    row,
    { id: sender.id, side: sideOf(conversation, sender.id)! },
    contactsShown,
  );

  const notified = await notifyNewMessage(notices, {
    conversationId: conversation.id,
    recipientId,
    senderName: sender.name,
    productName: conversation.productName,
    // The notice and its email show the text as the recipient may read it.
    text: forRecipient.text,
    now: at,
  });
  await record(sender.id, { type: 'message', conversationId: conversation.id, message: forSender });
  await record(recipientId, {
    type: 'message',
    conversationId: conversation.id,
    message: forRecipient,
  });
  // A new notification already brought the recipient's fresh counts.
  if (!notified) {
    await record(recipientId, { type: 'unread', counts: await unreadCountsOf(trx, recipientId) });
  }
  return { row, contactsShown };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * In its first 24 hours an account starts at most 5 conversations: a new account that writes
 * to many sellers at once is the usual shape of a scam run. A 429 like the other limits, with
 * the wait until the account is a day old.
 */
async function checkNewAccountConversations(trx: Trx, buyerId: string, now: Date): Promise<void> {
  const account = await findAccountCreatedAt(trx, buyerId);
  if (!account) return;
  const grownUpAt = readDate(account.createdAt).getTime() + NEW_ACCOUNT_LIMIT_HOURS * HOUR_MS;
  if (now.getTime() >= grownUpAt) return;
  if ((await countConversationsStartedBy(trx, buyerId)) < NEW_ACCOUNT_CONVERSATIONS_MAX) return;
  const seconds = Math.ceil((grownUpAt - now.getTime()) / 1000);
  throw tooMany(
    reason('offers.conversation.newAccount', {
      max: NEW_ACCOUNT_CONVERSATIONS_MAX,
      hours: NEW_ACCOUNT_LIMIT_HOURS,
      wait: waitFor(seconds),
    }),
    seconds,
  );
}

/**
 * A buyer asks the seller of a listing: the buyer's conversation about it, made on the first
 * message and reused after. Refused for the buyer's own listing, a sold or deleted one, and a
 * blocked conversation.
 */
export async function startConversation(
  deps: ConversationDeps,
  buyer: Actor,
  input: { productId: string; text: string },
  now: Date = new Date(),
): Promise<{ created: boolean; conversation: Conversation; message: Message }> {
  const { conversationId, created, message } = await deps.notifier.transaction(async (notices) => {
    const { trx } = notices;
    const product = await lockProductForConversation(trx, input.productId);
    if (!product) throw notFound('common.listing.noSuch');
    if (product.sellerId === buyer.id) throw forbidden('offers.conversation.ownListing');
    if (product.moderation !== null) throw conflict('common.listing.unavailable');
    if (product.status === 'sold') throw conflict('common.listing.sold');
    if (product.status !== 'available' && product.status !== 'reserved') {
      throw conflict('offers.conversation.notOpen');
    }

    let conversation = await findConversationOfBuyer(trx, buyer.id, product.id);
    if (conversation?.blockedBy) throw conflict(BLOCKED);
    if (!conversation) {
      await checkNewAccountConversations(trx, buyer.id, now);
      await consume(deps.limits.newConversations, buyer.id, 'newConversations');
    }
    await consume(deps.limits.messages, buyer.id, 'messages');

    const isNew = !conversation;
    if (!conversation) {
      const w = valueWriters(trx);
      const row = {
        id: crypto.randomUUID(),
        productId: product.id,
        buyerId: buyer.id,
        sellerId: product.sellerId,
        productName: product.name,
        productImage: product.imgUrl,
        createdAt: w.date(now),
        updatedAt: w.date(now),
        buyerLastReadAt: null,
        sellerLastReadAt: null,
        blockedBy: null,
      };
      await insertConversation(trx, row);
      // The first message is at least a millisecond after the conversation's start.
      conversation = { ...row, updatedAt: w.date(new Date(now.getTime() - 1)) };
    }
    const stored = await storeMessage(notices, conversation, buyer, input.text, now);
    return { conversationId: conversation.id, created: isNew, message: stored.row };
  });
  const conversation = await conversationAsReadBy(deps.db, buyer, conversationId);
  const shown = conversation.contactsShown;
  return {
    created,
    conversation,
    message: toMessage(message, { id: buyer.id, side: 'buyer' }, shown),
  };
}

/** One of the caller's conversations as their inbox shows it. */
export async function getConversation(db: Db, actor: Actor, id: string): Promise<Conversation> {
  await requireAccess(db, actor, 'conversation.read', id);
  return conversationAsReadBy(db, actor, id);
}

/** A conversation the caller is known to take part in, as their inbox shows it. */
async function conversationAsReadBy(db: Db, actor: Actor, id: string): Promise<Conversation> {
  const row = await findConversationView(db, actor.id, id);
  if (!row) throw refusalOf('conversation.read');
  const [last] = await lastMessagesOf(db, [id]);
  return toConversation(row, actor.id, last ?? null);
}

/** The caller's conversations, the latest message first, with their unread counts. */
export async function listConversations(
  db: Db,
  actor: Actor,
  page: PaginationQuery,
): Promise<Page<Conversation>> {
  const { rows, total } = await listConversationViews(db, actor.id, page);
  const lastMessages = await lastMessagesOf(
    db,
    rows.map((r) => r.id),
  );
  const lastOf = new Map(lastMessages.map((m) => [m.conversationId, m]));
  return {
    items: rows.map((row) => toConversation(row, actor.id, lastOf.get(row.id) ?? null)),
    total,
  };
}

export interface MessagePage {
  messages: Message[];
  total: number;
  /** The cursor of the older messages, or null on the oldest page. */
  nextCursor: string | null;
}

/** A page of a conversation's messages, newest first; older pages by cursor. */
export async function listConversationMessages(
  deps: ConversationDeps,
  actor: Actor,
  id: string,
  cursor: string | undefined,
): Promise<MessagePage> {
  await requireAccess(deps.db, actor, 'conversation.read', id);
  const view = await findConversationView(deps.db, actor.id, id);
  if (!view) throw refusalOf('conversation.read');
  const side = sideOf(view, actor.id)!;
  const before = cursor === undefined ? null : deps.cursors.read(cursor, id);
  const [rows, total] = await Promise.all([
    listMessages(deps.db, id, before, MESSAGES_PAGE_SIZE + 1),
    countMessages(deps.db, id),
  ]);
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  const last = page.at(-1);
  const contactsShown = readBool(view.contactsShown as boolean | number);
  return {
    messages: page.map((row) => toMessage(row, { id: actor.id, side }, contactsShown)),
    total,
    nextCursor:
      rows.length > MESSAGES_PAGE_SIZE && last
        ? deps.cursors.issue(id, { createdAt: readDate(last.createdAt).toISOString(), id: last.id })
        : null,
  };
}

/** A message from either party; refused once the conversation is blocked. */
export async function sendMessage(
  deps: ConversationDeps,
  actor: Actor,
  id: string,
  text: string,
  now: Date = new Date(),
): Promise<Message> {
  const { row, contactsShown, side } = await deps.notifier.transaction(async (notices) => {
    const { trx } = notices;
    const { row: conversation, side: senderSide } = await lockAsParty(
      trx,
      actor,
      'conversation.takePart',
      id,
    );
    if (conversation.blockedBy) throw conflict(BLOCKED);
    await consume(deps.limits.messages, actor.id, 'messages');
    const stored = await storeMessage(notices, conversation, actor, text, now);
    return { ...stored, side: senderSide };
  });
  return toMessage(row, { id: actor.id, side }, contactsShown);
}

/**
 * The caller has read the conversation: the other party's messages get their read time, the
 * other party hears of it, and the caller's tabs get fresh counts. Answers the caller's counts.
 */
export async function readConversation(
  deps: ConversationDeps,
  actor: Actor,
  id: string,
  now: Date = new Date(),
): Promise<UnreadCounts> {
  return deps.notifier.transaction(async ({ trx, record }) => {
    const { row, side } = await lockAsParty(trx, actor, 'conversation.takePart', id);
    const marked = await markConversationRead(trx, id, side, actor.id, now);
    // Its message notices in the bell are read with it.
    const noticesRead = await readMessageNotices(trx, id, actor.id, now);
    const counts = await unreadCountsOf(trx, actor.id);
    if (marked > 0) {
      const otherId = side === 'buyer' ? row.sellerId : row.buyerId;
      await record(otherId, { type: 'read', conversationId: id, readAt: now.toISOString() });
    }
    if (marked > 0 || noticesRead > 0) await record(actor.id, { type: 'unread', counts });
    return counts;
  });
}

/** Either party stops the conversation: nobody writes in it any more; it stays readable. */
export async function blockConversation(
  deps: ConversationDeps,
  actor: Actor,
  id: string,
): Promise<Conversation> {
  await deps.notifier.transaction(async ({ trx, record }) => {
    const { row } = await lockAsParty(trx, actor, 'conversation.block', id);
    // Blocked already, by either party: it stays as it is.
    if (row.blockedBy) return;
    await setBlockedBy(trx, id, actor.id);
    await record(row.buyerId, { type: 'conversation', conversationId: id });
    await record(row.sellerId, { type: 'conversation', conversationId: id });
  });
  return conversationAsReadBy(deps.db, actor, id);
}

/** Whoever blocked the conversation opens it again; the other party cannot. */
export async function unblockConversation(
  deps: ConversationDeps,
  actor: Actor,
  id: string,
): Promise<Conversation> {
  await deps.notifier.transaction(async ({ trx, record }) => {
    const { row } = await lockAsParty(trx, actor, 'conversation.block', id);
    if (!row.blockedBy) return;
    if (row.blockedBy !== actor.id) {
      throw forbidden('offers.conversation.onlyBlockerUnblocks');
    }
    await setBlockedBy(trx, id, null);
    await record(row.buyerId, { type: 'conversation', conversationId: id });
    await record(row.sellerId, { type: 'conversation', conversationId: id });
  });
  return conversationAsReadBy(deps.db, actor, id);
}

/** A report about the conversation or one of the other party's messages, kept for moderators. */
export async function reportConversation(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof reportConversationSchema>,
  now: Date = new Date(),
): Promise<ConversationReport> {
  await requireAccess(db, actor, 'conversation.takePart', id);
  const messageId = input.messageId ?? null;
  if (messageId !== null) {
    const message = await findMessageOf(db, id, messageId);
    if (!message) throw notFound('offers.conversation.noSuchMessage');
    if (message.senderId === actor.id) throw badRequest('moderation.report.ownMessage');
  }
  const report = {
    id: crypto.randomUUID(),
    targetType: messageId ? ('message' as const) : ('conversation' as const),
    targetId: messageId ?? id,
    reporterId: actor.id,
    reason: input.reason,
    note: input.note ? input.note : null,
    createdAt: valueWriters(db).date(now),
  };
  try {
    await insertReport(db, report);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw conflict(
      messageId
        ? 'offers.conversation.reportedMessage'
        : 'offers.conversation.reportedConversation',
    );
  }
  return {
    _id: report.id,
    conversationId: id,
    messageId,
    reason: input.reason,
    note: report.note,
    status: 'open',
    createdAt: now.toISOString(),
  };
}
