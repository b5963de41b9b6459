import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { valueWriters } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The words a seller read for a listing held for its IMEI, as they were and as they are now. */
const MATCH_REVEALED =
  'Its IMEI matches another listing on the marketplace: a moderator checks it before it is shown';
const WAITING = 'Waiting for a moderator to check it before it is shown';

/**
 * Listings no longer keep or show any digit of their IMEI ("IMEI given"): the published last
 * four, with a model's type code, left few enough guesses to find the rest. A seller whose
 * listing is held because another listing has its IMEI reads only that it waits for a
 * moderator. And a held listing always has an open report in the queue: a listing left held
 * after its report was dismissed gets one again.
 */
export async function up(db: AnyDb): Promise<void> {
  await db
    .updateTable('products')
    .set({ imeiLast4: null })
    .where('imeiLast4', 'is not', null)
    .execute();
  await db
    .updateTable('products')
    .set({ moderationReason: WAITING })
    .where('moderation', '=', 'held')
    .where('moderationReason', '=', MATCH_REVEALED)
    .execute();

  const stranded = await db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.moderation', '=', 'held')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reports as r')
            .select('r.id')
            .where('r.targetType', '=', 'listing')
            .whereRef('r.targetId', '=', 'p.id')
            .where('r.status', '=', 'open'),
        ),
      ),
    )
    .execute();
  const now = valueWriters(db).date(new Date());
  for (const { id } of stranded as Array<{ id: string }>) {
    await db
      .insertInto('reports')
      .values({
        id: crypto.randomUUID(),
        targetType: 'listing',
        targetId: id,
        reporterId: null,
        reason: 'duplicate_imei',
        note: 'Held for its IMEI with no open report left: release or hide it',
        status: 'open',
        createdAt: now,
      })
      .execute();
  }
}

/** The digits dropped are not brought back; the held listings keep their reports. */
export async function down(db: AnyDb): Promise<void> {
  await db
    .updateTable('products')
    .set({ moderationReason: MATCH_REVEALED })
    .where('moderation', '=', 'held')
    .where('moderationReason', '=', WAITING)
    .execute();
}
