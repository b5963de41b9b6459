import { sql, type Kysely, type RawBuilder } from 'kysely';
import { IMAGE_URL_PATH } from '@market/shared';
import { isPostgres, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

export interface NewImageRecord {
  id: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: Date;
}

/**
 * One row per distinct image. Uploading the same image again refreshes createdAt, so the orphan
 * cleanup cannot remove an image someone has just been given the URL of.
 */
export async function upsertImage(db: Kysely<Database>, image: NewImageRecord): Promise<void> {
  const createdAt = valueWriters(db).date(image.createdAt);
  await db
    .insertInto('images')
    .values({ ...image, contentType: 'image/webp', createdAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ createdAt }))
    .execute();
}

/** The 64-character hash after IMAGE_URL_PATH in a stored URL, relative or with an origin. */
function referencedHash(db: Kysely<Database>, column: RawBuilder<unknown>): RawBuilder<string> {
  const position = isPostgres(db)
    ? sql`strpos(${column}, ${IMAGE_URL_PATH})`
    : sql`instr(${column}, ${IMAGE_URL_PATH})`;
  return sql<string>`substr(${column}, ${position} + ${IMAGE_URL_PATH.length}, 64)`;
}

/**
 * Images created before `cutoff` that no user picture, no product and no listing photo refers to. Each reference
 * table is read once per call: SQLite materialises an uncorrelated NOT IN subquery into a
 * temporary index, PostgreSQL plans NOT EXISTS as a hash anti-join (its NOT IN would not
 * spill to disk and falls back to a nested loop on large tables).
 */
export async function findOrphanImageIds(db: Kysely<Database>, cutoff: Date): Promise<string[]> {
  const pattern = `%${IMAGE_URL_PATH}%`;
  const userHash = referencedHash(db, sql.ref('u.image'));
  const productHash = referencedHash(db, sql.ref('p.imgUrl'));
  const photoHash = referencedHash(db, sql.ref('ph.url'));
  let query = db
    .selectFrom('images as i')
    .select('i.id')
    .where('i.createdAt', '<', valueWriters(db).date(cutoff));
  if (isPostgres(db)) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as u')
            .select(sql`1`.as('one'))
            .where('u.image', 'like', pattern)
            .where((eb) => eb(userHash, '=', eb.ref('i.id'))),
        ),
      ),
    );
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('products as p')
            .select(sql`1`.as('one'))
            .where('p.imgUrl', 'like', pattern)
            .where((eb) => eb(productHash, '=', eb.ref('i.id'))),
        ),
      ),
    );
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('productPhotos as ph')
            .select(sql`1`.as('one'))
            .where('ph.url', 'like', pattern)
            .where((eb) => eb(photoHash, '=', eb.ref('i.id'))),
        ),
      ),
    );
  } else {
    query = query
      .where('i.id', 'not in', (qb) =>
        qb.selectFrom('users as u').select(userHash.as('hash')).where('u.image', 'like', pattern),
      )
      .where('i.id', 'not in', (qb) =>
        qb
          .selectFrom('products as p')
          .select(productHash.as('hash'))
          .where('p.imgUrl', 'like', pattern),
      )
      .where('i.id', 'not in', (qb) =>
        qb
          .selectFrom('productPhotos as ph')
          .select(photoHash.as('hash'))
          .where('ph.url', 'like', pattern),
      );
  }
  // No LIMIT: with one, PostgreSQL prefers a nested-loop anti-join that scans the products
  // once per image. Orphans are few, and the caller deletes them in batches.
  const rows = await query.execute();
  return rows.map((r) => r.id);
}

/** Deletes the rows that are still older than `cutoff` and answers the ids actually deleted. */
export async function deleteImagesCreatedBefore(
  db: Kysely<Database>,
  ids: readonly string[],
  cutoff: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('images')
    .where('id', 'in', ids)
    .where('createdAt', '<', valueWriters(db).date(cutoff))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
