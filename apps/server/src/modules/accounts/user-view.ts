import type { Kysely, Transaction } from 'kysely';
import type { User } from '@market/shared';
import { readBool } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

/** Users as the API shows them, the columns of the shared `User` and no more. */
export function selectUserProfiles(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'image', 'role', 'isVerifiedUser', 'createdAt']);
}

export type UserProfileRow = Awaited<
  ReturnType<ReturnType<typeof selectUserProfiles>['executeTakeFirstOrThrow']>
>;

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
