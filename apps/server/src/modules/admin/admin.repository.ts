import type { Kysely } from 'kysely';
import type { PaginationQuery, Role } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';
import { listPage, newestFirst } from '../../lib/paging.ts';
import { deleteBelongingsOfUser } from '../accounts/public.ts';
import { selectUserProfiles } from '../accounts/public.ts';

export function listUsersByRole(db: Kysely<Database>, role: Role, page: PaginationQuery) {
  const withRole = selectUserProfiles(db)
    .select(['suspendedAt', 'suspendedReason'])
    .where('role', '=', role);
  const count = db.selectFrom('users').where('role', '=', role);
  return listPage(newestFirst(withRole, 'createdAt', 'id'), count, page);
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
  await deleteBelongingsOfUser(db, userId);
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
  await db.deleteFrom('accounts').where('userId', '=', userId).execute();
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
