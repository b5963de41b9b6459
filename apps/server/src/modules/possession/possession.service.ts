import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type PaginationQuery,
  type PendingPossession,
  type Possession,
  type reviewPossessionSchema,
} from '@market/shared';
import type { z } from 'zod';
import { readDate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { mapPage, type Page } from '../../lib/paging.ts';
import {
  openPrivateImage,
  removePrivateImage,
  storePrivateImage,
} from '../images/images.service.ts';
import type { ImageStorage } from '../images/public.ts';
import { appendAudit } from '../moderation/public.ts';
import {
  clearPossession,
  decidePossession,
  findPossession,
  insertPossession,
  listPendingPossession,
  setPossessionPhoto,
  type PossessionRow,
} from './possession.repository.ts';

type Db = Kysely<Database>;

/** A listing's short code, written on paper beside the phone: "PM-" and four random digits. */
export function newPossessionCode(): string {
  return `PM-${crypto.randomInt(1000, 10000)}`;
}

/** Gives a new listing its code, in the transaction that posts it. */
export function createPossessionCode(db: Db, productId: string, now: Date): Promise<void> {
  return insertPossession(db, productId, newPossessionCode(), now);
}

/** Why a verification was cleared, as kept with it. */
export type PossessionClearCause = 'imei_changed' | 'model_changed';

/** The IMEI or model changed: the photo showed another phone, or another phone's facts. */
export function clearPossessionVerification(
  db: Db,
  productId: string,
  because: PossessionClearCause,
  now: Date,
): Promise<void> {
  return clearPossession(db, productId, because, now);
}

function view(row: PossessionRow): Possession {
  return {
    productId: row.productId,
    code: row.code,
    status: row.status,
    submittedAt: row.submittedAt ? readDate(row.submittedAt).toISOString() : null,
    rejectReason: row.rejectReason,
    clearedBecause: row.clearedBecause,
  };
}

async function ownPossession(db: Db, productId: string, now: Date): Promise<PossessionRow> {
  let row = await findPossession(db, productId);
  if (!row) {
    await insertPossession(db, productId, newPossessionCode(), now);
    row = await findPossession(db, productId);
  }
  if (!row) throw notFound('common.listing.notYours');
  return row;
}

/** The seller's code and where their photo stands; a listing posted before codes gets one now. */
export async function getOwnPossession(
  db: Db,
  seller: Actor,
  productId: string,
  now: Date = new Date(),
): Promise<Possession> {
  await requireAccess(db, seller, 'product.manage', productId);
  return view(await ownPossession(db, productId, now));
}

/**
 * The seller's photo of the phone beside the code: re-encoded without EXIF like every upload,
 * stored under a private name, waiting for a moderator. A photo sent again replaces the last.
 */
export async function submitPossessionPhoto(
  db: Db,
  storage: ImageStorage,
  seller: Actor,
  productId: string,
  bytes: Buffer,
  now: Date = new Date(),
): Promise<Possession> {
  await requireAccess(db, seller, 'product.manage', productId);
  const product = await db
    .selectFrom('products')
    .select('status')
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) throw notFound('common.listing.notYours');
  if (product.status === 'sold') throw conflict('moderation.possession.sold');
  const photoKey = await storePrivateImage(storage, bytes);
  const replaced = await db.transaction().execute(async (trx) => {
    const before = await ownPossession(trx, productId, now);
    await setPossessionPhoto(trx, productId, photoKey, now);
    return before.photoKey;
  });
  if (replaced) await removePrivateImage(storage, replaced);
  return view(await ownPossession(db, productId, now));
}

/** Photos waiting for a moderator, oldest first, each with its admin-only address. */
export async function getPendingPossession(
  db: Db,
  page: PaginationQuery,
): Promise<Page<PendingPossession>> {
  return mapPage(await listPendingPossession(db, page), (row) => ({
    productId: row.productId,
    productName: row.productName,
    model: row.model,
    code: row.code,
    seller: { _id: row.sellerId, name: row.sellerName },
    submittedAt: readDate(row.submittedAt ?? new Date(0)).toISOString(),
    photoUrl: `/api/admin/possession-photos/${encodeURIComponent(row.productId)}/photo`,
  }));
}

/** The photo itself, for a moderator's eyes only (the route checks the role). */
export async function openPossessionPhoto(db: Db, storage: ImageStorage, productId: string) {
  const row = await findPossession(db, productId);
  if (!row?.photoKey) throw notFound('moderation.possession.noPhoto');
  return openPrivateImage(storage, row.photoKey);
}

/**
 * A moderator approves the photo (the listing shows "Photo verified") or rejects it with a
 * reason the seller reads; recorded in the audit log.
 */
export async function reviewPossession(
  db: Db,
  moderator: Actor,
  productId: string,
  input: z.output<typeof reviewPossessionSchema>,
  now: Date = new Date(),
): Promise<Possession> {
  await db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['name'])
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) throw notFound('common.listing.noSuch');
    const approved = input.decision === 'approve';
    const decided = await decidePossession(
      trx,
      productId,
      approved
        ? { status: 'verified', rejectReason: null }
        : { status: 'rejected', rejectReason: input.reason ?? null },
      moderator.id,
      now,
    );
    if (!decided) throw conflict('moderation.possession.noneWaiting');
    await appendAudit(trx, {
      actorId: moderator.id,
      action: approved ? 'approve_possession_photo' : 'reject_possession_photo',
      targetType: 'listing',
      targetId: productId,
      targetLabel: product.name,
      reason: input.reason ?? null,
      at: now,
    });
  });
  const row = await findPossession(db, productId);
  if (!row) throw notFound('common.listing.noSuch');
  return view(row);
}
