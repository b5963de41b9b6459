import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readBool, readDate } from '../../db/dialect.ts';
import type { Actor } from '../../lib/actor.ts';

/** A live session and the user it belongs to. */
export interface ResolvedSession {
  sessionId: string;
  expiresAt: number;
  actor: Actor;
}

const sessionWithUser = (db: Kysely<Database>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'sessions.expiresAt',
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.isVerifiedUser',
      'users.phone',
      'users.image',
    ]);

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionWithUser>['executeTakeFirst']>>>;

function toResolved(row: Row | undefined, now: number): ResolvedSession | null {
  if (!row) return null;
  const expiresAt = readDate(row.expiresAt).getTime();
  if (expiresAt <= now) return null;
  return {
    sessionId: row.sessionId,
    expiresAt,
    actor: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      isVerifiedUser: readBool(row.isVerifiedUser),
      phone: row.phone,
      image: row.image,
    },
  };
}

/** One indexed lookup (sessions.token is unique) for a session cookie. */
export async function findSessionByToken(
  db: Kysely<Database>,
  token: string,
  now = Date.now(),
): Promise<ResolvedSession | null> {
  const row = await sessionWithUser(db).where('sessions.token', '=', token).executeTakeFirst();
  return toResolved(row, now);
}

/** A bearer token's session, which must still exist and belong to the token's user. */
export async function findSessionById(
  db: Kysely<Database>,
  sessionId: string,
  userId: string,
  now = Date.now(),
): Promise<ResolvedSession | null> {
  const row = await sessionWithUser(db)
    .where('sessions.id', '=', sessionId)
    .where('sessions.userId', '=', userId)
    .executeTakeFirst();
  return toResolved(row, now);
}
