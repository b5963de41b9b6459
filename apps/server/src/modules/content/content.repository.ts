import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function listReviews(db: Kysely<Database>) {
  return db
    .selectFrom('reviews')
    .select(['id', 'name', 'img', 'reviewText'])
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
}

export function listBlogs(db: Kysely<Database>) {
  return db
    .selectFrom('blogs')
    .select(['id', 'qn', 'ans'])
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
}
