import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { AppConfig, Role, User, putUserSchema } from '@market/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { readBool } from '../../db/dialect.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { insertUserWithPassword } from '../../db/seed/seed.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import {
  deleteSessionsOfUser,
  findCredentialPassword,
  findUserByEmail,
  findUserById,
  makeAdmin,
  setCredentialPassword,
  updateUserProfile,
  type UserProfileRow,
} from './accounts.repository.ts';

const ADMIN_DEFAULT_NAME = 'Administrator';
const ADMIN_DEFAULT_PHONE = '0000000';

export function toUser(row: UserProfileRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    img: row.image,
    role: row.role,
    isVerifiedUser: readBool(row.isVerifiedUser),
  };
}

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
  if (input.email !== actor.email.toLowerCase()) {
    throw forbidden('You can only change your own profile');
  }
  if (input.role && input.role !== actor.role) {
    throw forbidden('The account type is chosen at registration and cannot be changed');
  }
  await updateUserProfile(db, actor.id, {
    name: input.name,
    phone: input.phone,
    ...(input.img === undefined ? {} : { image: input.img }),
  });
  return getUser(db, actor.id);
}

/** The spec's role lookups: about yourself, or about anyone when you are an admin. */
export async function hasRole(
  db: Kysely<Database>,
  actor: Actor,
  email: string,
  role: Role,
): Promise<boolean> {
  const own = actor.email.toLowerCase() === email.toLowerCase();
  if (!own && actor.role !== 'admin') throw forbidden('You can only look up your own account');
  if (own) return actor.role === role;
  const user = await findUserByEmail(db, email);
  return user?.role === role;
}

/** GET /seller-role: public, as verification shows on every listing. */
export async function sellerVerification(
  db: Kysely<Database>,
  email: string,
): Promise<Array<{ isVerifiedUser: boolean }>> {
  const user = await findUserByEmail(db, email);
  return user ? [{ isVerifiedUser: readBool(user.isVerifiedUser) }] : [];
}

export function appConfigFor(config: Readonly<Config>): AppConfig {
  return {
    socialSignIn: config.google ? 'google' : config.oidc ? 'oidc' : null,
    demoAdmin: config.seedDemo
      ? { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password }
      : null,
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
