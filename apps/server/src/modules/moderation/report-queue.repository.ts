import { sql, type Kysely } from 'kysely';
import type { PaginationQuery, ReportTargetType } from '@market/shared';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Messages shown on each side of a reported one. */
const CONTEXT_MESSAGES = 3;

/**
 * One page of the things with open reports: most reported first, then most recently reported.
 * The total is the number of such things.
 */
export async function listReportedTargets(db: Db, page: PaginationQuery) {
  const groups = db
    .selectFrom('reports')
    .select([
      'targetType',
      'targetId',
      sql<number | string>`count(*)`.as('reportCount'),
      sql<Date | string>`max("createdAt")`.as('lastReportedAt'),
    ])
    .where('status', '=', 'open')
    .groupBy(['targetType', 'targetId']);
  const [rows, total] = await Promise.all([
    groups
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`max("createdAt")`, 'desc')
      .orderBy('targetType')
      .orderBy('targetId')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    db
      .selectFrom(groups.as('g'))
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The open reports about one thing, newest first, with who filed them. */
export function listOpenReportsWithReporters(db: Db, type: ReportTargetType, id: string) {
  return db
    .selectFrom('reports as r')
    .leftJoin('users as u', 'u.id', 'r.reporterId')
    .select([
      'r.id',
      'r.reason',
      'r.note',
      'r.createdAt',
      'r.reporterId',
      'u.name as reporterName',
      'u.email as reporterEmail',
    ])
    .where('r.targetType', '=', type)
    .where('r.targetId', '=', id)
    .where('r.status', '=', 'open')
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

export function findQueueListing(db: Db, id: string) {
  return db
    .selectFrom('products as p')
    .innerJoin('users as u', 'u.id', 'p.sellerId')
    .select([
      'p.id',
      'p.name',
      'p.imgUrl',
      'p.category',
      'p.resellPriceCents',
      'p.status',
      'p.moderation',
      'p.moderationReason',
      'p.postedAt',
      'u.id as sellerId',
      'u.name as sellerName',
      'u.email as sellerEmail',
      'u.isVerifiedUser as sellerVerified',
      'u.suspendedAt as sellerSuspendedAt',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/** An account with what a moderator weighs: its listings, deals and reports. */
export function findQueueUser(db: Db, id: string) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'u.isVerifiedUser',
      'u.suspendedAt',
      'u.suspendedReason',
      'u.createdAt',
      (eb) =>
        eb
          .selectFrom('products')
          .select(sql<number | string>`count(*)`.as('n'))
          .whereRef('products.sellerId', '=', 'u.id')
          .as('listingCount'),
      (eb) =>
        eb
          .selectFrom('bookings')
          .select(sql<number | string>`count(*)`.as('n'))
          .whereRef('bookings.sellerId', '=', 'u.id')
          .where('bookings.status', '=', 'completed')
          .as('completedDeals'),
      (eb) =>
        eb
          .selectFrom('reports as r')
          .select(sql<number | string>`count(*)`.as('n'))
          .where((w) =>
            w.or([
              w.and([w('r.targetType', '=', 'user'), w('r.targetId', '=', w.ref('u.id'))]),
              w.and([
                w('r.targetType', '=', 'listing'),
                w(
                  'r.targetId',
                  'in',
                  w
                    .selectFrom('products')
                    .select('products.id')
                    .whereRef('products.sellerId', '=', 'u.id'),
                ),
              ]),
            ]),
          )
          .as('reportCount'),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

export function findQueueConversation(db: Db, id: string) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('users as b', 'b.id', 'c.buyerId')
    .innerJoin('users as s', 's.id', 'c.sellerId')
    .select([
      'c.id',
      'c.productId',
      'c.productName',
      'b.id as buyerId',
      'b.name as buyerName',
      'b.email as buyerEmail',
      's.id as sellerId',
      's.name as sellerName',
      's.email as sellerEmail',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export function findQueueMessage(db: Db, id: string) {
  return db
    .selectFrom('messages')
    .select(['id', 'conversationId', 'senderId', 'text', 'createdAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

const messageColumns = ['id', 'senderId', 'text', 'createdAt'] as const;

/**
 * The messages around one of a conversation (or, without one, its last ones), oldest first: what
 * a moderator needs to read the reported words in context.
 */
export async function listContextMessages(
  db: Db,
  conversationId: string,
  around: { id: string; createdAt: Date | string } | null,
) {
  const base = db
    .selectFrom('messages')
    .select([...messageColumns])
    .where('conversationId', '=', conversationId);
  if (!around) {
    const last = await base
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(CONTEXT_MESSAGES * 2)
      .execute();
    return last.reverse();
  }
  const [before, after] = await Promise.all([
    base
      .where((e) => e(e.refTuple('createdAt', 'id'), '<', e.tuple(around.createdAt, around.id)))
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(CONTEXT_MESSAGES)
      .execute(),
    base
      .where((e) => e(e.refTuple('createdAt', 'id'), '>=', e.tuple(around.createdAt, around.id)))
      .orderBy('createdAt')
      .orderBy('id')
      .limit(CONTEXT_MESSAGES + 1)
      .execute(),
  ]);
  return [...before.reverse(), ...after];
}
