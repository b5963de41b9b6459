import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { selectProductViews } from '../products/public.ts';
import { newestFirst } from '../../lib/paging.ts';

type Db = Kysely<Database>;

export function findSellerAccount(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'image', 'isVerifiedUser', 'createdAt', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What a seller still offers: on offer or reserved, and not taken down by a moderator. */
const onOffer = sql<SqlBool>`p.status <> 'sold' and p.moderation is null`;

/** The seller's first listings on offer, newest first, as category pages show them. */
export function listOfferedListings(db: Db, sellerId: string, limit: number) {
  return newestFirst(
    selectProductViews(db).where('p.sellerId', '=', sellerId).where(onOffer),
    'p.postedAt',
    'p.id',
  )
    .limit(limit)
    .execute();
}

export async function countOfferedListings(db: Db, sellerId: string): Promise<number> {
  const row = await db
    .selectFrom('products as p')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('p.sellerId', '=', sellerId)
    .where(onOffer)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The messages of the seller's conversations since `since`, in each conversation's order: what
 * the seller's reply time is measured on. Bounded, so that one very busy seller costs a bounded
 * read.
 */
export function listRecentMessages(db: Db, sellerId: string, since: Date | string, limit: number) {
  return db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversationId')
    .select(['m.conversationId', 'm.senderId', 'm.createdAt'])
    .where('c.sellerId', '=', sellerId)
    .where('m.createdAt', '>=', since)
    .orderBy('m.conversationId')
    .orderBy('m.createdAt')
    .orderBy('m.id')
    .limit(limit)
    .execute();
}
