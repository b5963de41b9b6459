import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MyProduct, newProductSchema, Product } from '@market/shared';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { valueWriters } from '../../db/dialect.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { dollarsToCents } from '../../lib/money.ts';
import { mapPage, type OwnListQuery, type Page } from '../../lib/paging.ts';
import { toProduct } from '../catalog/product-view.ts';
import {
  deleteSellerProduct,
  findProductView,
  insertProduct,
  listSellerProducts,
  markAdvertised,
} from './listings.repository.ts';

/** The seller's own listings: `query.email` must be theirs. */
export async function getSellerProducts(
  db: Kysely<Database>,
  seller: Actor,
  query: OwnListQuery,
): Promise<Page<MyProduct>> {
  await requireAccess(db, seller, 'account.read', query.email);
  return mapPage(await listSellerProducts(db, seller.id, query), (row) => ({
    ...toProduct(row),
    // PostgreSQL counts in bigint, which pg hands over as a string.
    buyerCount: Number(row.buyerCount ?? 0),
  }));
}

/**
 * Posts a product as the seller the spec's `?email=` names, which must be the caller. The server
 * sets the id, the seller, the posting time and the advertisement flag.
 */
export async function addProduct(
  db: Kysely<Database>,
  seller: Actor,
  email: string,
  fields: z.output<typeof newProductSchema>,
  now: Date = new Date(),
): Promise<Product> {
  await requireAccess(db, seller, 'account.read', email);
  const w = valueWriters(db);
  const id = crypto.randomUUID();
  await insertProduct(db, {
    id,
    sellerId: seller.id,
    category: fields.Category,
    name: fields.name,
    imgUrl: fields.imgURL,
    originalPriceCents: dollarsToCents(fields.originalPrice),
    resellPriceCents: dollarsToCents(fields.resellPrice),
    yearOfPurchase: fields.yearOfUse,
    condition: fields.condition,
    description: fields.description,
    location: fields.location,
    advertised: w.bool(false),
    postedAt: w.date(now),
  });
  const created = await findProductView(db, id);
  if (!created) throw refusalOf('product.manage');
  return toProduct(created);
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
 * set null within this one statement).
 */
export async function deleteProduct(
  db: Kysely<Database>,
  seller: Actor,
  productId: string,
): Promise<number> {
  await requireAccess(db, seller, 'product.manage', productId);
  const deleted = await deleteSellerProduct(db, productId, seller.id);
  // Deleted by another request since the check: gone all the same.
  if (deleted === 0) throw refusalOf('product.manage');
  return deleted;
}
