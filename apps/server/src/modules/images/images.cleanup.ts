import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { removeOrphanImages } from './images.service.ts';
import type { ImageStorage } from './images.storage.ts';

/** How often images that nothing refers to are looked for (a job in app.ts). */
export const ORPHAN_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Removes the uploaded images no product or profile refers to. */
export async function cleanUpOrphanImages(
  db: Kysely<Database>,
  storage: ImageStorage,
  log: FastifyBaseLogger,
): Promise<void> {
  const removed = await removeOrphanImages(db, storage);
  if (removed.length > 0) log.info({ count: removed.length }, 'removed orphan images');
}
