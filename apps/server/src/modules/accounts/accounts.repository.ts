import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { hashPassword } from 'better-auth/crypto';
import type { Language, Role } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { valueWriters } from '../../db/dialect.ts';
import { selectUserProfiles } from './user-view.ts';
import { listSellerPriceKeys, refreshPriceStats } from '../phone-facts/public.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Uses the unique index users_email_lower_unique, whatever case the email was stored in. */
const emailIs = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`;

export function findUserById(db: Db, id: string) {
  return selectUserProfiles(db).where('id', '=', id).executeTakeFirst();
}

/** The one lookup by email: every caller gets the same row, whatever case either side uses. */
export function findUserByEmail(db: Db, email: string) {
  return selectUserProfiles(db).where(emailIs(email)).executeTakeFirst();
}

/**
 * A user who signs in with email and password (the operator's admin, demo and test users): the
 * password is hashed here, or its hash given (one hash made once for many users).
 */
export async function insertUserWithPassword(
  db: Db,
  user: {
    name: string;
    email: string;
    phone: string;
    role: Role;
    isVerifiedUser: boolean;
    image?: string | null;
  } & ({ password: string } | { passwordHash: string }),
  now: Date = new Date(),
): Promise<string> {
  const w = valueWriters(db);
  const id = crypto.randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      name: user.name,
      email: user.email.toLowerCase(),
      emailVerified: w.bool(true),
      image: user.image ?? null,
      createdAt: w.date(now),
      updatedAt: w.date(now),
      phone: user.phone,
      role: user.role,
      isVerifiedUser: w.bool(user.isVerifiedUser),
    })
    .execute();
  await db
    .insertInto('accounts')
    .values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: 'passwordHash' in user ? user.passwordHash : await hashPassword(user.password),
      createdAt: w.date(now),
      updatedAt: w.date(now),
    })
    .execute();
  return id;
}

export async function updateUserProfile(
  db: Db,
  id: string,
  changes: { name: string; phone: string; image?: string | null },
  now: Date = new Date(),
): Promise<void> {
  const w = valueWriters(db);
  await db
    .updateTable('users')
    .set({
      name: changes.name,
      phone: changes.phone,
      ...(changes.image === undefined ? {} : { image: changes.image }),
      updatedAt: w.date(now),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * A buyer's account becomes a seller's or a seller's a buyer's, unverified either way (a seller
 * is verified by an admin, and again after buying for a while). Only an account of role `from`
 * changes: answers false when it is not one (any more).
 */
export async function switchRole(
  db: Db,
  id: string,
  from: 'buyer' | 'seller',
  now: Date = new Date(),
): Promise<boolean> {
  const w = valueWriters(db);
  const result = await db
    .updateTable('users')
    .set({
      role: from === 'buyer' ? 'seller' : 'buyer',
      isVerifiedUser: w.bool(false),
      updatedAt: w.date(now),
    })
    .where('id', '=', id)
    .where('role', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A buyer's requests that still hold: waiting for the seller, or accepted and not handed over. */
export async function countOpenRequestsOfBuyer(db: Db, buyerId: string) {
  const rows = await db
    .selectFrom('bookings')
    .select((e) => ['status', e.fn.countAll<number>().as('n')])
    .where('buyerId', '=', buyerId)
    .where('status', 'in', ['requested', 'accepted'])
    .groupBy('status')
    .execute();
  const countOf = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { requested: countOf('requested'), accepted: countOf('accepted') };
}

/** A seller's listings that are not sold: on show, reserved, or waiting for a moderator. */
export async function countUnsoldListingsOfSeller(db: Db, sellerId: string) {
  const row = await db
    .selectFrom('products')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('sellerId', '=', sellerId)
    .where('status', '!=', 'sold')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function makeAdmin(db: Db, id: string, now: Date = new Date()): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: 'admin', updatedAt: valueWriters(db).date(now) })
    .where('id', '=', id)
    .execute();
}

export async function findCredentialPassword(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('accounts')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return row?.password ?? null;
}

/** Sets the password of the email/password account, creating that account when missing. */
export async function setCredentialPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date = new Date(),
): Promise<void> {
  const w = valueWriters(db);
  const updated = await db
    .updateTable('accounts')
    .set({ password: passwordHash, updatedAt: w.date(now) })
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('accounts')
    .values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
      createdAt: w.date(now),
      updatedAt: w.date(now),
    })
    .execute();
}

/**
 * What is the user's besides the account itself: their listings, their orders and wish list,
 * and other buyers' wishes for their listings. Other buyers' orders for their listings stay,
 * with their own copy of name, price and photo, and no product or seller any more. Every step
 * is spelled out rather than left to the foreign keys, so the outcome does not depend on a
 * connection setting. Run inside a transaction.
 */
export async function deleteBelongingsOfUser(db: Db, userId: string): Promise<void> {
  const ownProducts = db.selectFrom('products').select('id').where('sellerId', '=', userId);
  await db.deleteFrom('wishlistItems').where('userId', '=', userId).execute();
  await db.deleteFrom('wishlistItems').where('productId', 'in', ownProducts).execute();
  await db.deleteFrom('bookings').where('buyerId', '=', userId).execute();
  await db
    .updateTable('bookings')
    .set({ productId: null })
    .where('productId', 'in', ownProducts)
    .execute();
  await db.updateTable('bookings').set({ sellerId: null }).where('sellerId', '=', userId).execute();
  // The medians their listings counted in are counted again without them.
  const priceKeys = await listSellerPriceKeys(db, userId);
  await db.deleteFrom('products').where('sellerId', '=', userId).execute();
  await refreshPriceStats(db, priceKeys, new Date());
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/** The language the user reads the marketplace in, or null when they have not chosen one. */
export async function findLanguage(db: Db, userId: string): Promise<Language | null> {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.language ?? null;
}

export async function saveLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}
