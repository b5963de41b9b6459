import type { Kysely } from 'kysely';
import type { PaginationQuery, Role, User } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { mapPage, type Page } from '../../lib/paging.ts';
import { findUserByEmail } from '../accounts/accounts.repository.ts';
import { toUser } from '../accounts/user-view.ts';
import {
  deleteUserAndBelongings,
  listUsersByRole,
  markSellerVerified,
} from './admin.repository.ts';

export async function getUsersByRole(
  db: Kysely<Database>,
  role: Extract<Role, 'buyer' | 'seller'>,
  page: PaginationQuery,
): Promise<Page<User>> {
  return mapPage(await listUsersByRole(db, role, page), toUser);
}

/** 1 when the seller became verified, 0 when they already were. */
export async function verifySeller(db: Kysely<Database>, email: string): Promise<number> {
  const user = await findUserByEmail(db, email);
  if (!user || user.role !== 'seller') throw notFound('No seller has this email');
  return markSellerVerified(db, user.id);
}

/** Deletes a seller or a buyer with everything that is theirs; answers the deleted user's id. */
export async function deleteMember(
  db: Kysely<Database>,
  email: string,
): Promise<{ id: string; deletedCount: number }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound('No seller or buyer has this email');
  if (user.role === 'admin') throw forbidden('An admin account cannot be deleted');
  const deletedCount = await db
    .transaction()
    .execute((trx) => deleteUserAndBelongings(trx, user.id));
  return { id: user.id, deletedCount };
}
