import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PHOTOS_MAX,
  type MyProduct,
  type newProductSchema,
  type Product,
  type productPatchSchema,
} from '@market/shared';
import type { z } from 'zod';
import type { Database, ProductUpdate } from '../../db/schema.ts';
import { readBool, valueWriters } from '../../db/dialect.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { dollarsToCents } from '../../lib/money.ts';
import { mapPage, type OwnListQuery, type Page } from '../../lib/paging.ts';
import { columnsOf, newListingColumns } from '../products/public.ts';
import { requirePlace, type Gazetteer } from '../places/public.ts';
import { ownProduct } from '../products/public.ts';
import { notifyPriceDrop, type Notifier } from '../notifications/public.ts';
import type { ImeiHasher } from '../phone-facts/public.ts';
import type { ImeiChangeLimit } from './imei-change-limits.ts';
import {
  imeiColumns,
  newListingFacts,
  settlePhoneFacts,
} from '../phone-facts/phone-facts.service.ts';
import { findPriceKey, priceKeyOf, refreshPriceStats } from '../phone-facts/public.ts';
import {
  clearPossessionVerification,
  createPossessionCode,
} from '../possession/possession.service.ts';
import {
  deleteSellerProduct,
  findProductView,
  findSellerProductForUpdate,
  insertPriceChange,
  insertProduct,
  listPhotoUrls,
  listSellerProducts,
  markAdvertised,
  replacePhotos,
  updateProductRow,
} from './listings.repository.ts';

/** The seller's own listings: `query.email` must be theirs. */
export async function getSellerProducts(
  db: Kysely<Database>,
  seller: Actor,
  query: OwnListQuery,
): Promise<Page<MyProduct>> {
  await requireAccess(db, seller, 'account.read', query.email);
  return mapPage(await listSellerProducts(db, seller.id, query), (row) => ({
    ...ownProduct(row),
    // PostgreSQL counts in bigint, which pg hands over as a string.
    buyerCount: Number(row.buyerCount ?? 0),
    moderation: row.moderation,
    moderationReason: row.moderationReason,
    reviewRequested: readBool(row.reviewRequested),
  }));
}

/**
 * Posts a product as the seller the spec's `?email=` names, which must be the caller. The server
 * sets the id, the seller, the posting time and the advertisement flag. A listing of a phone
 * whose IMEI another unsold listing has is held for a moderator (settlePhoneFacts).
 */
export async function addProduct(
  db: Kysely<Database>,
  seller: Actor,
  email: string,
  fields: z.output<typeof newProductSchema>,
  imeis: ImeiHasher,
  now: Date = new Date(),
  places: Gazetteer | null = null,
): Promise<Product> {
  const placed = placeColumns(places, fields.placeId);
  await requireAccess(db, seller, 'account.read', email);
  const w = valueWriters(db);
  const id = crypto.randomUUID();
  const photos = fields.photos ?? [fields.imgURL];
  const originalPriceCents = dollarsToCents(fields.originalPrice);
  const resellPriceCents = dollarsToCents(fields.resellPrice);
  const facts = newListingFacts(imeis, fields);
  await db.transaction().execute(async (trx) => {
    await insertProduct(trx, {
      ...newListingColumns(fields),
      ...placed,
      id,
      sellerId: seller.id,
      imgUrl: photos[0] ?? fields.imgURL,
      advertised: w.bool(false),
      postedAt: w.date(now),
      ...facts,
    });
    await replacePhotos(trx, id, photos);
    await insertPriceChange(trx, {
      id: crypto.randomUUID(),
      productId: id,
      originalPriceCents,
      resellPriceCents,
      changedAt: w.date(now),
    });
    const written = {
      productId: id,
      sellerId: seller.id,
      newImeiHash: facts.imeiHash,
      changedAfterPosting: false,
      keyBefore: null,
      priceChanged: true,
    };
    await settlePhoneFacts(trx, written, now);
    await createPossessionCode(trx, id, now);
  });
  const created = await findProductView(db, id);
  if (!created) throw refusalOf('product.manage');
  return ownProduct(created);
}

/**
 * The columns of a listing's area chosen from the suggestions: the place, its centre, and its
 * name as the location shown (decision 0033). 400 for a place the gazetteer does not know;
 * null clears the place and keeps the location's text; left out, nothing changes.
 */
function placeColumns(places: Gazetteer | null, placeId: number | null | undefined): ProductUpdate {
  if (placeId === undefined) return {};
  if (placeId === null) return { placeId: null, placeLat: null, placeLon: null };
  if (!places) throw new Error('Listings with a place need the gazetteer');
  const place = requirePlace(places, placeId, 'placeId');
  return { placeId: place.id, placeLat: place.lat, placeLon: place.lon, location: place.label };
}

/**
 * Changes the seller's own listing: what the patch leaves out stays. A sold listing stays as it
 * was sold (409). A change of either price is added to the price history; a lower resell price
 * keeps the one before it, which lists show as "was $X", until the price goes up again.
 */
export async function updateProduct(
  db: Kysely<Database>,
  notifier: Notifier,
  seller: Actor,
  productId: string,
  patch: z.output<typeof productPatchSchema>,
  imeis: { hasher: ImeiHasher; limit: ImeiChangeLimit },
  now: Date = new Date(),
  places: Gazetteer | null = null,
): Promise<Product> {
  const placed = placeColumns(places, patch.placeId);
  await requireAccess(db, seller, 'product.manage', productId);
  const w = valueWriters(db);
  await notifier.transaction(async (notices) => {
    const { trx } = notices;
    const current = await findSellerProductForUpdate(trx, productId, seller.id);
    // Deleted by another request since the check: gone all the same.
    if (!current) throw refusalOf('product.manage');
    if (current.status === 'sold') throw conflict('bookings.listing.soldUnchangeable');

    const originalPriceCents =
      patch.originalPrice === undefined
        ? current.originalPriceCents
        : dollarsToCents(patch.originalPrice);
    const resellPriceCents =
      patch.resellPrice === undefined
        ? current.resellPriceCents
        : dollarsToCents(patch.resellPrice);
    if (resellPriceCents > originalPriceCents) {
      throw badRequest('bookings.listing.resellAboveOriginal', 'resellPrice');
    }

    // The prices go with their history below; the IMEI and the photos are not plain columns.
    const { originalPrice, resellPrice, imei, imgURL, photos: newPhotos, ...fields } = patch;
    void [originalPrice, resellPrice, imei, imgURL, newPhotos];
    const changes: ProductUpdate = { ...columnsOf(fields), ...placed };
    if (patch.imei !== undefined) {
      const columns = imeiColumns(imeis.hasher, patch.imei);
      // Counted only when it changes, after every other check: a refused edit costs nothing.
      if (columns.imeiHash !== current.imeiHash) {
        const refused = await imeis.limit(productId, seller.id);
        if (refused) throw refused;
      }
      Object.assign(changes, columns);
    }

    const photos = await nextPhotos(trx, productId, patch);
    if (photos) {
      changes.imgUrl = photos[0];
      await replacePhotos(trx, productId, photos);
    }

    const priceChanged =
      originalPriceCents !== current.originalPriceCents ||
      resellPriceCents !== current.resellPriceCents;
    const changeId = crypto.randomUUID();
    if (priceChanged) {
      changes.originalPriceCents = originalPriceCents;
      changes.resellPriceCents = resellPriceCents;
      if (resellPriceCents < current.resellPriceCents) {
        changes.previousResellPriceCents = current.resellPriceCents;
      } else if (resellPriceCents > current.resellPriceCents) {
        changes.previousResellPriceCents = null;
      }
      await insertPriceChange(trx, {
        id: changeId,
        productId,
        originalPriceCents,
        resellPriceCents,
        changedAt: w.date(now),
      });
    }
    await updateProductRow(trx, productId, changes);
    if (priceChanged && resellPriceCents < current.resellPriceCents) {
      const drop = {
        productId,
        productName: changes.name ?? current.name,
        fromCents: current.resellPriceCents,
        toCents: resellPriceCents,
        changeId,
      };
      await notifyPriceDrop(notices, drop, now);
    }
    const newImeiHash =
      changes.imeiHash && changes.imeiHash !== current.imeiHash ? changes.imeiHash : null;
    const written = {
      productId,
      sellerId: seller.id,
      newImeiHash,
      changedAfterPosting: true,
      keyBefore: priceKeyOf(current),
      // The key's fields may move the listing to another median.
      priceChanged:
        resellPriceCents !== current.resellPriceCents ||
        patch.model !== undefined ||
        patch.storageGb !== undefined ||
        patch.networkLock !== undefined ||
        patch.Category !== undefined,
    };
    await settlePhoneFacts(trx, written, now);
    // A photo verified a phone and its facts: another IMEI or model is not what it showed.
    if (changes.imeiHash !== undefined && changes.imeiHash !== current.imeiHash) {
      await clearPossessionVerification(trx, productId, 'imei_changed', now);
    } else if (changes.model !== undefined && changes.model !== current.model) {
      await clearPossessionVerification(trx, productId, 'model_changed', now);
    }
  });
  const updated = await findProductView(db, productId);
  if (!updated) throw refusalOf('product.manage');
  return ownProduct(updated);
}

/**
 * The photos after the patch, or null when they stay: `photos` replaces them all; `imgURL` alone
 * becomes the cover, before the others (the last one goes when that would make too many).
 */
async function nextPhotos(
  db: Kysely<Database>,
  productId: string,
  patch: z.output<typeof productPatchSchema>,
): Promise<string[] | null> {
  if (patch.photos) return patch.photos;
  if (patch.imgURL === undefined) return null;
  const cover = patch.imgURL;
  const others = (await listPhotoUrls(db, productId)).filter((url) => url !== cover);
  return [cover, ...others].slice(0, PHOTOS_MAX);
}

/** 1 when the product became advertised, 0 when it already was. */
export async function advertiseProduct(
  db: Kysely<Database>,
  seller: Actor,
  productId: string,
): Promise<number> {
  await requireAccess(db, seller, 'product.manage', productId);
  return markAdvertised(db, productId, seller.id);
}

/**
 * Its wishlist entries go with it and orders keep their own copy (the foreign keys cascade and
 * set null within this one statement); the median it counted in is counted again.
 */
export async function deleteProduct(
  db: Kysely<Database>,
  seller: Actor,
  productId: string,
  now: Date = new Date(),
): Promise<number> {
  await requireAccess(db, seller, 'product.manage', productId);
  const deleted = await db.transaction().execute(async (trx) => {
    const key = await findPriceKey(trx, productId);
    const count = await deleteSellerProduct(trx, productId, seller.id);
    await refreshPriceStats(trx, [key], now);
    return count;
  });
  // Deleted by another request since the check: gone all the same.
  if (deleted === 0) throw refusalOf('product.manage');
  return deleted;
}
