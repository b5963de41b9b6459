import type { Kysely } from 'kysely';
import type { Role, User } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { readBool } from '../../db/dialect.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import {
  countUsersByRole,
  deleteUserAndBelongings,
  findUserByEmail,
  listUsersByRole,
  markSellerVerified,
} from './admin.repository.ts';

export async function getUsersByRole(
  db: Kysely<Database>,
  role: Extract<Role, 'buyer' | 'seller'>,
  page: { page: number; limit: number },
): Promise<{ users: User[]; total: number }> {
  const [rows, total] = await Promise.all([
    listUsersByRole(db, role, { limit: page.limit, offset: (page.page - 1) * page.limit }),
    countUsersByRole(db, role),
  ]);
  const users = rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    img: r.image,
    role: r.role,
    isVerifiedUser: readBool(r.isVerifiedUser),
  }));
  return { users, total };
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
