import { sql, type Kysely } from 'kysely';
import type { Role } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';

/** Matches the unique index users_email_lower_unique, whatever case the email was stored in. */
const emailIs = (email: string) => sql<boolean>`lower(email) = ${email.toLowerCase()}`;

export function listUsersByRole(
  db: Kysely<Database>,
  role: Role,
  window: { limit: number; offset: number },
) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'image', 'role', 'isVerifiedUser'])
    .where('role', '=', role)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countUsersByRole(db: Kysely<Database>, role: Role) {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'isVerifiedUser'])
    .where(emailIs(email))
    .executeTakeFirst();
}

export async function markSellerVerified(db: Kysely<Database>, userId: string) {
  const result = await db
    .updateTable('users')
    .set({ isVerifiedUser: isPostgres(db) ? true : 1 })
    .where('id', '=', userId)
    .where('role', '=', 'seller')
    .where('isVerifiedUser', '=', isPostgres(db) ? false : 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Removes a user and everything that is theirs. Run inside one transaction. Every step is
 * spelled out rather than left to the foreign keys, so the outcome does not depend on a
 * connection setting: other buyers' orders for this seller's products stay, without a product.
 */
export async function deleteUserAndBelongings(db: Kysely<Database>, userId: string) {
  const ownProducts = db.selectFrom('products').select('id').where('sellerId', '=', userId);
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
  await db.deleteFrom('accounts').where('userId', '=', userId).execute();
  await db.deleteFrom('wishlistItems').where('userId', '=', userId).execute();
  await db.deleteFrom('wishlistItems').where('productId', 'in', ownProducts).execute();
  await db.deleteFrom('bookings').where('buyerId', '=', userId).execute();
  await db
    .updateTable('bookings')
    .set({ productId: null })
    .where('productId', 'in', ownProducts)
    .execute();
  await db.updateTable('bookings').set({ sellerId: null }).where('sellerId', '=', userId).execute();
  await db.deleteFrom('products').where('sellerId', '=', userId).execute();
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
