import type { Kysely } from 'kysely';
import type { BlogItem, Review } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { listBlogs, listReviews } from './content.repository.ts';

export async function getReviews(db: Kysely<Database>): Promise<Review[]> {
  const rows = await listReviews(db);
  return rows.map((r) => ({ _id: r.id, reviewText: r.reviewText, img: r.img, name: r.name }));
}

export async function getBlogs(db: Kysely<Database>): Promise<BlogItem[]> {
  const rows = await listBlogs(db);
  return rows.map((b) => ({ id: b.id, qn: b.qn, ans: b.ans }));
}
