import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { AppConfig, Role, User, putUserSchema } from '@market/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { readBool } from '../../db/dialect.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden, reason, unauthorized, type Reason } from '../../lib/errors.ts';
import {
  switchRole,
  countOpenRequestsOfBuyer,
  countUnsoldListingsOfSeller,
  deleteBelongingsOfUser,
  deleteSessionsOfUser,
  findCredentialPassword,
  findUserByEmail,
  findUserById,
  insertUserWithPassword,
  makeAdmin,
  setCredentialPassword,
  updateUserProfile,
} from './accounts.repository.ts';
import { toUser } from './user-view.ts';

const ADMIN_DEFAULT_NAME = 'Administrator';
const ADMIN_DEFAULT_PHONE = '0000000';

export async function getUser(db: Kysely<Database>, id: string): Promise<User> {
  const row = await findUserById(db, id);
  // The session outlived its user only for the instant of a deletion.
  if (!row) throw unauthorized();
  return toUser(row);
}

/**
 * PUT /users: the acting user's own profile. The role is chosen at registration: the same role
 * is accepted (the spec's client sends it), another one is refused; admin never validates.
 */
export async function saveOwnProfile(
  db: Kysely<Database>,
  actor: Actor,
  input: z.output<typeof putUserSchema>,
): Promise<User> {
  await requireAccess(db, actor, 'account.update', input.email);
  if (input.role && input.role !== actor.role) {
    throw forbidden('accounts.roles.chosenAtRegistration');
  }
  await updateUserProfile(db, actor.id, {
    name: input.name,
    phone: input.phone,
    ...(input.img === undefined ? {} : { image: input.img }),
  });
  return getUser(db, actor.id);
}

/** The orders a buyer still has open, as one phrase: "1 open request and 2 accepted deals". */
function openOrdersOf(requested: number, accepted: number): Reason {
  const requests = reason('accounts.roles.openRequests', { count: requested });
  const deals = reason('accounts.roles.acceptedDeals', { count: accepted });
  if (accepted === 0) return requests;
  if (requested === 0) return deals;
  return reason('accounts.roles.requestsAndDeals', { requests, deals });
}

/**
 * POST /me/become-seller: a buyer sells from the same account from now on, unverified. A seller
 * already is one (409); an admin account is the operator's and stays an admin (403). A buyer
 * with requests that still hold (waiting, or accepted and not handed over) keeps buying until
 * they are done (409): a seller account sees neither My Orders nor its hand-over codes.
 */
export async function becomeSeller(db: Kysely<Database>, actor: Actor): Promise<User> {
  if (actor.role === 'admin') throw forbidden('accounts.roles.adminNotSeller');
  await db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, actor.id);
    if (user?.role !== 'buyer') throw conflict('accounts.roles.alreadySeller');
    const open = await countOpenRequestsOfBuyer(trx, actor.id);
    if (open.requested + open.accepted > 0) {
      throw conflict(
        reason('accounts.roles.openOrders', {
          orders: openOrdersOf(open.requested, open.accepted),
        }),
      );
    }
    await switchRole(trx, actor.id, 'buyer');
  });
  return getUser(db, actor.id);
}

/**
 * POST /me/become-buyer: a seller goes back to buying, once none of their listings is left
 * unsold (on show, reserved or waiting for a moderator), so that no buyer is left with a
 * listing whose seller cannot answer. The account is unverified as a seller from then on. A
 * buyer already is one (409); an admin account stays an admin (403).
 */
export async function becomeBuyer(db: Kysely<Database>, actor: Actor): Promise<User> {
  if (actor.role === 'admin') throw forbidden('accounts.roles.adminNotBuyer');
  await db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, actor.id);
    if (user?.role !== 'seller') throw conflict('accounts.roles.alreadyBuyer');
    const unsold = await countUnsoldListingsOfSeller(trx, actor.id);
    if (unsold > 0) {
      throw conflict(reason('accounts.roles.unsoldListings', { count: unsold }));
    }
    await switchRole(trx, actor.id, 'seller');
  });
  return getUser(db, actor.id);
}

/**
 * Before a user's own account goes (POST /api/auth/delete-user): their listings, orders and wish
 * list, at once. Other buyers' orders for their listings keep their own copies.
 */
export async function deleteOwnBelongings(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute((trx) => deleteBelongingsOfUser(trx, userId));
}

/** The spec's role lookups: about yourself, or about anyone when you are an admin. */
export async function hasRole(
  db: Kysely<Database>,
  actor: Actor,
  email: string,
  role: Role,
): Promise<boolean> {
  await requireAccess(db, actor, 'account.lookup', email);
  if (actor.email.toLowerCase() === email.toLowerCase()) return actor.role === role;
  const user = await findUserByEmail(db, email);
  return user?.role === role;
}

/**
 * GET /seller-role: public, as verification shows on every listing. Only sellers are answered:
 * for anyone else it is [], as for an unknown email, so it tells nobody who has an account.
 */
export async function sellerVerification(
  db: Kysely<Database>,
  email: string,
): Promise<Array<{ isVerifiedUser: boolean }>> {
  const user = await findUserByEmail(db, email);
  return user?.role === 'seller' ? [{ isVerifiedUser: readBool(user.isVerifiedUser) }] : [];
}

export function appConfigFor(
  config: Readonly<Config>,
  demoAdmin: AppConfig['demoAdmin'],
): AppConfig {
  return {
    socialSignIn: config.google ? 'google' : config.oidc ? 'oidc' : null,
    demoAdmin,
    supportEmail: config.supportEmail,
  };
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: that account exists, is an admin and signs in with that password.
 * When the configured password changes, the account's sessions end.
 */
export async function ensureConfiguredAdmin(
  db: Kysely<Database>,
  admin: { email: string; password: string },
): Promise<{ id: string; created: boolean }> {
  const existing = await findUserByEmail(db, admin.email);
  if (!existing) {
    const id = await insertUserWithPassword(db, {
      name: ADMIN_DEFAULT_NAME,
      email: admin.email,
      password: admin.password,
      phone: ADMIN_DEFAULT_PHONE,
      role: 'admin',
      isVerifiedUser: false,
    });
    return { id, created: true };
  }
  const currentHash = await findCredentialPassword(db, existing.id);
  const passwordIsCurrent = currentHash
    ? await verifyPassword({ hash: currentHash, password: admin.password })
    : false;
  const newHash = passwordIsCurrent ? null : await hashPassword(admin.password);
  await db.transaction().execute(async (trx) => {
    if (existing.role !== 'admin') await makeAdmin(trx, existing.id);
    if (newHash) {
      await setCredentialPassword(trx, existing.id, newHash);
      await deleteSessionsOfUser(trx, existing.id);
    }
  });
  return { id: existing.id, created: false };
}
