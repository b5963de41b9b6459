import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { isPostgres, valueWriters } from '../../db/dialect.ts';
import type { ReportsTable, ConversationsTable, Database, MessagesTable } from '../../db/schema.ts';
import type { MessagePosition } from './message-cursor.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A message that is an offer's step (0035): its event card. */
const OFFER_EVENT_COLUMNS = ['m.offerId', 'm.offerStep', 'm.offerPriceCents'] as const;

/** A listing as a new conversation needs it; locked until the transaction ends (PostgreSQL). */
export function lockProductForConversation(db: Db, productId: string) {
  const query = db
    .selectFrom('products')
    .select(['id', 'sellerId', 'name', 'imgUrl', 'status', 'moderation'])
    .where('id', '=', productId);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

const CONVERSATION_COLUMNS = [
  'c.id',
  'c.productId',
  'c.buyerId',
  'c.sellerId',
  'c.productName',
  'c.productImage',
  'c.createdAt',
  'c.updatedAt',
  'c.buyerLastReadAt',
  'c.sellerLastReadAt',
  'c.blockedBy',
] as const;

/** A conversation's own row, locked until the transaction ends (PostgreSQL). */
export function lockConversation(db: Db, id: string) {
  const query = db
    .selectFrom('conversations as c')
    .select(CONVERSATION_COLUMNS)
    .where('c.id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export type ConversationRow = NonNullable<Awaited<ReturnType<typeof lockConversation>>>;

export function findConversationOfBuyer(db: Db, buyerId: string, productId: string) {
  return db
    .selectFrom('conversations as c')
    .select(CONVERSATION_COLUMNS)
    .where('c.buyerId', '=', buyerId)
    .where('c.productId', '=', productId)
    .executeTakeFirst();
}

export async function insertConversation(
  db: Db,
  row: Insertable<ConversationsTable>,
): Promise<void> {
  await db.insertInto('conversations').values(row).execute();
}

export async function insertMessage(db: Db, row: Insertable<MessagesTable>): Promise<void> {
  await db.insertInto('messages').values(row).execute();
}

export async function setConversationUpdatedAt(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ updatedAt: valueWriters(db).date(at) })
    .where('id', '=', id)
    .execute();
}

/**
 * A conversation as its reader's inbox shows it: the listing's status now, the other party,
 * the unread count, and whether contact details show. `readerId` picks the other party.
 */
function selectConversationViews(db: Db, readerId: string) {
  return db
    .selectFrom('conversations as c')
    .leftJoin('products as p', 'p.id', 'c.productId')
    .innerJoin('users as o', (join) =>
      join.on((eb) =>
        eb(
          'o.id',
          '=',
          eb
            .case()
            .when('c.buyerId', '=', readerId)
            .then(eb.ref('c.sellerId'))
            .else(eb.ref('c.buyerId'))
            .end(),
        ),
      ),
    )
    .select(CONVERSATION_COLUMNS)
    .select((eb) => [
      'p.status as productStatus',
      'o.name as otherName',
      'o.image as otherImage',
      eb
        .selectFrom('messages as m')
        .select(sql<number | string>`count(*)`.as('n'))
        .whereRef('m.conversationId', '=', 'c.id')
        .where('m.senderId', '<>', readerId)
        .where('m.readAt', 'is', null)
        .as('unread'),
      eb
        .exists(
          eb
            .selectFrom('bookings as b')
            .select('b.id')
            .whereRef('b.buyerId', '=', 'c.buyerId')
            .whereRef('b.productId', '=', 'c.productId')
            .where('b.status', 'in', ['accepted', 'completed']),
        )
        .as('contactsShown'),
      eb
        .exists(
          eb
            .selectFrom('offers as f')
            .select('f.id')
            .whereRef('f.buyerId', '=', 'c.buyerId')
            .whereRef('f.productId', '=', 'c.productId')
            .where('f.status', '=', 'open'),
        )
        .as('offerOpen'),
      eb
        .exists(
          eb
            .selectFrom('bookings as r')
            .select('r.id')
            .whereRef('r.buyerId', '=', 'c.buyerId')
            .whereRef('r.productId', '=', 'c.productId')
            .where('r.status', 'in', ['requested', 'accepted']),
        )
        .as('requestOpen'),
    ]);
}

export type ConversationViewRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectConversationViews>['executeTakeFirst']>>
>;

/** A conversation as one of its parties (`readerId`) reads it in their inbox. */
export function findConversationView(db: Db, readerId: string, id: string) {
  return selectConversationViews(db, readerId).where('c.id', '=', id).executeTakeFirst();
}

/** Every conversation of the reader as their inbox shows it, the oldest first (their data export). */
export function listAllConversationViews(db: Db, readerId: string) {
  return selectConversationViews(db, readerId)
    .where((eb) => eb.or([eb('c.buyerId', '=', readerId), eb('c.sellerId', '=', readerId)]))
    .orderBy('c.createdAt')
    .orderBy('c.id')
    .execute();
}

/** Whether the seller accepted a booking request of this buyer for this listing. */
export async function hasAcceptedBooking(
  db: Db,
  buyerId: string,
  productId: string | null,
): Promise<boolean> {
  if (productId === null) return false;
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('buyerId', '=', buyerId)
    .where('productId', '=', productId)
    .where('status', 'in', ['accepted', 'completed'])
    .executeTakeFirst();
  return row !== undefined;
}

/** A page of the reader's conversations, the latest message first; and how many there are. */
export async function listConversationViews(
  db: Db,
  readerId: string,
  page: { limit: number; page: number },
): Promise<{ rows: ConversationViewRow[]; total: number }> {
  const side = (column: 'buyerId' | 'sellerId') =>
    db.selectFrom('conversations').select(['id', 'updatedAt']).where(column, '=', readerId);
  // The page's ids first, from one index walk per side (an OR would serve neither index); the
  // counts and flags of the inbox only for those.
  const [pageIds, total] = await Promise.all([
    db
      .selectFrom(side('buyerId').unionAll(side('sellerId')).as('mine'))
      .select('mine.id')
      .orderBy('mine.updatedAt', 'desc')
      .orderBy('mine.id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    countConversations(db, readerId),
  ]);
  if (pageIds.length === 0) return { rows: [], total };
  const views = await selectConversationViews(db, readerId)
    .where(
      'c.id',
      'in',
      pageIds.map((r) => r.id),
    )
    .execute();
  const byId = new Map(views.map((v) => [v.id, v]));
  return { rows: pageIds.flatMap((r) => byId.get(r.id) ?? []), total };
}

async function countConversations(db: Db, userId: string): Promise<number> {
  const count = (side: 'buyerId' | 'sellerId') =>
    db
      .selectFrom('conversations')
      .select(sql<number | string>`count(*)`.as('n'))
      .where(side, '=', userId)
      .executeTakeFirstOrThrow();
  const [asBuyer, asSeller] = await Promise.all([count('buyerId'), count('sellerId')]);
  return Number(asBuyer.n) + Number(asSeller.n);
}

/** The last message of each conversation, by the conversations' ids. */
export async function lastMessagesOf(db: Db, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return [];
  // One index step per conversation for its newest message, then those messages by id.
  const newest = await db
    .selectFrom('conversations as c')
    .select((eb) =>
      eb
        .selectFrom('messages as l')
        .select('l.id')
        .whereRef('l.conversationId', '=', 'c.id')
        .orderBy('l.createdAt', 'desc')
        .orderBy('l.id', 'desc')
        .limit(1)
        .as('messageId'),
    )
    .where('c.id', 'in', conversationIds)
    .execute();
  const ids = newest.flatMap((row) => (row.messageId ? [row.messageId] : []));
  if (ids.length === 0) return [];
  return db
    .selectFrom('messages as m')
    .select([
      'm.id',
      'm.conversationId',
      'm.senderId',
      'm.text',
      'm.createdAt',
      'm.readAt',
      'm.scamFlags',
    ])
    .select(OFFER_EVENT_COLUMNS)
    .where('m.id', 'in', ids)
    .execute();
}

export type MessageRow = Awaited<ReturnType<typeof lastMessagesOf>>[number];

/** A page of a conversation's messages, newest first, before a position when given. */
export function listMessages(
  db: Db,
  conversationId: string,
  before: MessagePosition | null,
  limit: number,
): Promise<MessageRow[]> {
  let query = db
    .selectFrom('messages as m')
    .select([
      'm.id',
      'm.conversationId',
      'm.senderId',
      'm.text',
      'm.createdAt',
      'm.readAt',
      'm.scamFlags',
    ])
    .select(OFFER_EVENT_COLUMNS)
    .where('m.conversationId', '=', conversationId);
  if (before) {
    const at = valueWriters(db).date(new Date(before.createdAt));
    query = query.where((eb) =>
      eb.or([
        eb('m.createdAt', '<', at),
        eb.and([eb('m.createdAt', '=', at), eb('m.id', '<', before.id)]),
      ]),
    );
  }
  return query.orderBy('m.createdAt', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
}

export async function countMessages(db: Db, conversationId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('conversationId', '=', conversationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks the other party's unread messages read and sets the reader's last-read time; answers
 * how many messages became read.
 */
export async function markConversationRead(
  db: Db,
  conversationId: string,
  readerSide: 'buyer' | 'seller',
  readerId: string,
  at: Date,
): Promise<number> {
  const when = valueWriters(db).date(at);
  const result = await db
    .updateTable('messages')
    .set({ readAt: when })
    .where('conversationId', '=', conversationId)
    .where('senderId', '<>', readerId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  await db
    .updateTable('conversations')
    .set(readerSide === 'buyer' ? { buyerLastReadAt: when } : { sellerLastReadAt: when })
    .where('id', '=', conversationId)
    .execute();
  return Number(result.numUpdatedRows);
}

export async function setBlockedBy(db: Db, id: string, blockedBy: string | null): Promise<void> {
  await db.updateTable('conversations').set({ blockedBy }).where('id', '=', id).execute();
}

/** A message of the conversation, by its id; undefined when it is not one of its messages. */
export function findMessageOf(db: Db, conversationId: string, messageId: string) {
  return db
    .selectFrom('messages')
    .select(['id', 'senderId'])
    .where('id', '=', messageId)
    .where('conversationId', '=', conversationId)
    .executeTakeFirst();
}

/** A report about a conversation or one of its messages joins the moderators' one queue. */
export async function insertReport(db: Db, row: Insertable<ReportsTable>): Promise<void> {
  await db.insertInto('reports').values(row).execute();
}

/** Messages to the user, in any of their conversations, that the user has not read. */
export async function countUnreadMessagesOf(db: Db, userId: string): Promise<number> {
  const count = (side: 'c.buyerId' | 'c.sellerId') =>
    db
      .selectFrom('conversations as c')
      .innerJoin('messages as m', 'm.conversationId', 'c.id')
      .select(sql<number | string>`count(*)`.as('n'))
      .where(side, '=', userId)
      .where('m.senderId', '<>', userId)
      .where('m.readAt', 'is', null)
      .executeTakeFirstOrThrow();
  const [asBuyer, asSeller] = await Promise.all([count('c.buyerId'), count('c.sellerId')]);
  return Number(asBuyer.n) + Number(asSeller.n);
}

/**
 * When the account was made; locked until the transaction ends on PostgreSQL when `lock` is
 * set, so that two messages of one account at once count its flagged messages one after the
 * other.
 */
export function findAccountCreatedAt(db: Db, userId: string, lock = false) {
  const query = db.selectFrom('users').select('createdAt').where('id', '=', userId);
  return (lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** How many conversations the buyer has started, about any listing. */
export async function countConversationsStartedBy(db: Db, buyerId: string): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('buyerId', '=', buyerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sender's messages the scam shield flagged before a time, with their rules. */
export function listFlaggedMessagesOf(db: Db, senderId: string, before: Date) {
  return db
    .selectFrom('messages')
    .select(['id', 'scamFlags', 'createdAt'])
    .where('senderId', '=', senderId)
    .where('scamFlags', 'is not', null)
    .where('createdAt', '<', valueWriters(db).date(before))
    .orderBy('createdAt')
    .execute();
}

/** Whether the marketplace has reported the account for a reason, at any time. */
export async function hasMarketplaceReport(
  db: Db,
  userId: string,
  reason: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where('targetType', '=', 'user')
    .where('targetId', '=', userId)
    .where('reporterId', 'is', null)
    .where('reason', '=', reason)
    .executeTakeFirst();
  return row !== undefined;
}
