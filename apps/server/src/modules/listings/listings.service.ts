import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { newProductSchema, Product } from '@market/shared';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { valueWriters } from '../../db/dialect.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { dollarsToCents } from '../../lib/money.ts';
import { toProduct } from '../catalog/product-view.ts';
import {
  countSellerProducts,
  deleteSellerProduct,
  findProductView,
  insertProduct,
  isOwnProduct,
  listSellerProducts,
  markAdvertised,
} from './listings.repository.ts';

// Someone else's product answers exactly like a missing one: existence is private.
const notYourProduct = () => notFound('No such product among your listings');

export async function getSellerProducts(
  db: Kysely<Database>,
  seller: Actor,
  page: { page: number; limit: number },
): Promise<{ products: Product[]; total: number }> {
  const [rows, total] = await Promise.all([
    listSellerProducts(db, seller.id, { limit: page.limit, offset: (page.page - 1) * page.limit }),
    countSellerProducts(db, seller.id),
  ]);
  return { products: rows.map(toProduct), total };
}

/** The server sets the id, the seller, the posting time and the advertisement flag. */
export async function addProduct(
  db: Kysely<Database>,
  seller: Actor,
  fields: z.output<typeof newProductSchema>,
  now: Date = new Date(),
): Promise<Product> {
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
  if (!created) throw notYourProduct();
  return toProduct(created);
}

/** 1 when the product became advertised, 0 when it already was. */
export async function advertiseProduct(
  db: Kysely<Database>,
  seller: Actor,
  productId: string,
): Promise<number> {
  if (!(await isOwnProduct(db, productId, seller.id))) throw notYourProduct();
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
  const deleted = await deleteSellerProduct(db, productId, seller.id);
  if (deleted === 0) throw notYourProduct();
  return deleted;
}
