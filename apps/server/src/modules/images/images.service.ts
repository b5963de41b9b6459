import type { Kysely } from 'kysely';
import { IMAGE_URL_PATH, type ImageUploadResponse } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { assertAcceptedSize, assertAcceptedType, reencodeImage } from './images.processing.ts';
import { deleteImagesCreatedBefore, findOrphanImageIds, upsertImage } from './images.repository.ts';
import type { ImageStorage, StoredImage } from './images.storage.ts';

/** How long an image may wait for a record (a product, a profile) to refer to it. */
export const ORPHAN_IMAGE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const ORPHAN_BATCH_SIZE = 500;

const fullFileName = (hash: string) => `${hash}.webp`;
const thumbnailFileName = (hash: string) => `${hash}-400.webp`;

/** Checks, re-encodes and stores one upload; the same picture always gets the same URL. */
export async function uploadImage(
  db: Kysely<Database>,
  storage: ImageStorage,
  bytes: Buffer,
): Promise<ImageUploadResponse['data']> {
  await assertAcceptedType(bytes);
  await assertAcceptedSize(bytes);
  const image = await reencodeImage(bytes);
  // Files first, then the row: a row always points at files that exist.
  await Promise.all([
    storage.put(fullFileName(image.hash), image.full),
    storage.put(thumbnailFileName(image.hash), image.thumbnail),
  ]);
  await upsertImage(db, {
    id: image.hash,
    bytes: image.full.length,
    width: image.width,
    height: image.height,
    createdAt: new Date(),
  });
  return {
    url: IMAGE_URL_PATH + fullFileName(image.hash),
    thumbnailUrl: IMAGE_URL_PATH + thumbnailFileName(image.hash),
  };
}

/** An image file by its (already validated) name, or 404. */
export async function openImage(storage: ImageStorage, fileName: string): Promise<StoredImage> {
  const stored = await storage.get(fileName);
  if (!stored) throw notFound('No such image');
  return stored;
}

/**
 * Removes images older than ORPHAN_IMAGE_MAX_AGE_MS that no user and no product refers to:
 * the row first (only while it is still old, so a fresh re-upload keeps it), then both files.
 * Answers the ids removed.
 */
export async function removeOrphanImages(
  db: Kysely<Database>,
  storage: ImageStorage,
  now: Date = new Date(),
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ORPHAN_IMAGE_MAX_AGE_MS);
  const candidates = await findOrphanImageIds(db, cutoff);
  const removed: string[] = [];
  for (let start = 0; start < candidates.length; start += ORPHAN_BATCH_SIZE) {
    const batch = candidates.slice(start, start + ORPHAN_BATCH_SIZE);
    const deleted = await deleteImagesCreatedBefore(db, batch, cutoff);
    await storage.remove(deleted.flatMap((id) => [fullFileName(id), thumbnailFileName(id)]));
    removed.push(...deleted);
  }
  return removed;
}
