import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  IMAGE_URL_PATH,
  IMAGE_VARIANT_WIDTHS,
  UNUSED_UPLOAD_KEPT_MS,
  type ImageUploadResponse,
  type ImageVariantWidth,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import {
  assertAcceptedSize,
  assertAcceptedType,
  reencodeImage,
  resizeStoredImage,
} from './images.processing.ts';
import { deleteImagesCreatedBefore, findOrphanImageIds, upsertImage } from './images.repository.ts';
import type { ImageStorage, StoredImage } from './images.storage.ts';

/** How long an image may wait for a record (a product, a profile) to refer to it. */
export const ORPHAN_IMAGE_MAX_AGE_MS = UNUSED_UPLOAD_KEPT_MS;
const ORPHAN_BATCH_SIZE = 500;

const fullFileName = (hash: string) => `${hash}.webp`;
const thumbnailFileName = (hash: string) => `${hash}-400.webp`;
const variantFileName = (hash: string, width: number) => `${hash}-${width}.webp`;
/** Every file one image is stored as. */
const allFileNames = (hash: string) => [
  fullFileName(hash),
  thumbnailFileName(hash),
  ...IMAGE_VARIANT_WIDTHS.map((w) => variantFileName(hash, w)),
];

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
    ...image.variants.map((v) => storage.put(variantFileName(image.hash, v.width), v.data)),
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

const VARIANT_NAME = /^([0-9a-f]{64})-(\d+)\.webp$/;

/** Variants being made now, by file name: requests for the same one wait for the same work. */
const making = new Map<string, Promise<boolean>>();

/**
 * An image file by its (already validated) name, or 404. A width variant of an upload stored
 * before variants existed is made from the full-size file on first demand and stored, once;
 * only the fixed widths pass the name's validation, so no one can make the server produce others.
 */
export async function openImage(storage: ImageStorage, fileName: string): Promise<StoredImage> {
  const stored = await storage.get(fileName);
  if (stored) return stored;
  const variant = VARIANT_NAME.exec(fileName);
  const width = Number(variant?.[2]) as ImageVariantWidth;
  if (variant && IMAGE_VARIANT_WIDTHS.includes(width)) {
    let made = making.get(fileName);
    if (!made) {
      made = makeVariant(storage, variant[1]!, width).finally(() => making.delete(fileName));
      making.set(fileName, made);
    }
    if (await made) {
      const fresh = await storage.get(fileName);
      if (fresh) return fresh;
    }
  }
  throw notFound('moderation.images.noSuch');
}

async function makeVariant(
  storage: ImageStorage,
  hash: string,
  width: ImageVariantWidth,
): Promise<boolean> {
  const full = await storage.get(fullFileName(hash));
  if (!full) return false;
  const chunks: Buffer[] = [];
  for await (const chunk of full.body) chunks.push(chunk as Buffer);
  await storage.put(
    variantFileName(hash, width),
    await resizeStoredImage(Buffer.concat(chunks), width),
  );
  return true;
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
    await storage.remove(deleted.flatMap(allFileNames));
    removed.push(...deleted);
  }
  return removed;
}

/** The prefix of private images' names: no public route's name pattern admits it. */
const PRIVATE_PREFIX = 'private-';
const PRIVATE_NAME = /^private-[0-9a-f-]{36}\.webp$/;

/**
 * Checks, re-encodes (upright, without EXIF or GPS) and stores one upload under a random name no
 * public route serves (`GET /images/:file` admits content hashes only), with no image row, so
 * the orphan clean-up never touches it; answers the name. For photos only moderators see.
 */
export async function storePrivateImage(storage: ImageStorage, bytes: Buffer): Promise<string> {
  await assertAcceptedType(bytes);
  await assertAcceptedSize(bytes);
  const image = await reencodeImage(bytes);
  const name = `${PRIVATE_PREFIX}${crypto.randomUUID()}.webp`;
  await storage.put(name, image.full);
  return name;
}

/** A private image by the name `storePrivateImage` gave, or 404. */
export async function openPrivateImage(storage: ImageStorage, name: string): Promise<StoredImage> {
  if (!PRIVATE_NAME.test(name)) throw notFound('moderation.images.noSuch');
  const stored = await storage.get(name);
  if (!stored) throw notFound('moderation.images.noSuch');
  return stored;
}

/** Removes a private image (a photo replaced by another); a name not stored is ignored. */
export async function removePrivateImage(storage: ImageStorage, name: string): Promise<void> {
  if (PRIVATE_NAME.test(name)) await storage.remove([name]);
}
