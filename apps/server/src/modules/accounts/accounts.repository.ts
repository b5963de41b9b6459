import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { valueWriters } from '../../db/dialect.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Uses the unique index users_email_lower_unique, whatever case the email was stored in. */
const emailIs = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`;

const profileColumns = [
  'id',
  'name',
  'email',
  'phone',
  'image',
  'role',
  'isVerifiedUser',
  'createdAt',
] as const;

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').select(profileColumns).where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(profileColumns).where(emailIs(email)).executeTakeFirst();
}

export type UserProfileRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

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

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}
