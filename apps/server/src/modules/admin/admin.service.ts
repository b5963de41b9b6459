import type { Kysely } from 'kysely';
import type { Member, PaginationQuery, Role } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { mapPage, type Page } from '../../lib/paging.ts';
import { findUserByEmail } from '../accounts/public.ts';
import { toUser } from '../accounts/public.ts';
import { notifySellerVerified, type Notifier } from '../notifications/public.ts';
import { appendAudit } from '../moderation/public.ts';
import {
  deleteUserAndBelongings,
  listUsersByRole,
  markSellerVerified,
} from './admin.repository.ts';

export async function getUsersByRole(
  db: Kysely<Database>,
  role: Extract<Role, 'buyer' | 'seller'>,
  page: PaginationQuery,
): Promise<Page<Member>> {
  // Suspended accounts are marked, with the reason, so that an admin can restore them.
  return mapPage(await listUsersByRole(db, role, page), (row) => ({
    ...toUser(row),
    suspended: row.suspendedAt !== null,
    suspendedReason: row.suspendedAt === null ? null : row.suspendedReason,
  }));
}

/**
 * 1 when the seller became verified, 0 when they already were; they hear of it once, and the
 * audit log keeps who verified them.
 */
export async function verifySeller(
  db: Kysely<Database>,
  notifier: Notifier,
  admin: Actor,
  email: string,
  now: Date = new Date(),
): Promise<number> {
  const user = await findUserByEmail(db, email);
  if (!user || user.role !== 'seller') throw notFound('moderation.admin.noSeller');
  return notifier.transaction(async (notices) => {
    const { trx } = notices;
    const changed = await markSellerVerified(trx, user.id);
    if (changed > 0) {
      await appendAudit(trx, {
        actorId: admin.id,
        action: 'verify_seller',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
        reason: null,
        at: now,
      });
      await notifySellerVerified(notices, user.id);
    }
    return changed;
  });
}

/** Deletes a seller or a buyer with everything that is theirs; answers the deleted user's id. */
export async function deleteMember(
  db: Kysely<Database>,
  admin: Actor,
  email: string,
  now: Date = new Date(),
): Promise<{ id: string; deletedCount: number }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound('moderation.admin.noMember');
  if (user.role === 'admin') throw forbidden('moderation.admin.adminNotDeleted');
  const deletedCount = await db.transaction().execute(async (trx) => {
    const deleted = await deleteUserAndBelongings(trx, user.id);
    if (deleted > 0) {
      await appendAudit(trx, {
        actorId: admin.id,
        action: 'delete_user',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
        reason: null,
        details: { role: user.role, name: user.name },
        at: now,
      });
    }
    return deleted;
  });
  return { id: user.id, deletedCount };
}
