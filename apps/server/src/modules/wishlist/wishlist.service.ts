import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CategoryName, WishlistItem } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { isForeignKeyViolation, valueWriters } from '../../db/dialect.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { centsToDollars } from '../../lib/money.ts';
import { mapPage, type OwnListQuery, type Page } from '../../lib/paging.ts';
import {
  deleteWishlistItem,
  insertWishlistItemOnce,
  listWishlist,
  productExists,
} from './wishlist.repository.ts';

/** The buyer's own wish list: `query.email` must be theirs. */
export async function getWishlist(
  db: Kysely<Database>,
  user: Actor,
  query: OwnListQuery,
): Promise<Page<WishlistItem>> {
  await requireAccess(db, user, 'account.read', query.email);
  return mapPage(await listWishlist(db, user.id, query), (r) => ({
    _id: r.id,
    productId: r.productId,
    productName: r.name,
    userEmail: user.email,
    // The spec's wishlist carries the original price.
    price: centsToDollars(r.originalPriceCents),
    resellPrice: centsToDollars(r.resellPriceCents),
    previousResellPrice:
      r.previousResellPriceCents === null ? null : centsToDollars(r.previousResellPriceCents),
    // The column references categories.name, which only ever holds the spec's category names.
    Category: r.category as CategoryName,
    imgURL: r.imgUrl,
    location: r.location,
    status: r.status,
    unavailable: r.moderation !== null,
  }));
}

export async function addToWishlist(
  db: Kysely<Database>,
  user: Actor,
  productId: string,
  now: Date = new Date(),
): Promise<void> {
  if (!(await productExists(db, productId))) throw notFound('common.listing.noLonger');
  await insertWishlistItemOnce(db, {
    id: crypto.randomUUID(),
    userId: user.id,
    productId,
    createdAt: valueWriters(db).date(now),
  }).catch((err: unknown) => {
    // The product may be deleted between the check above and this insert.
    if (isForeignKeyViolation(err)) throw notFound('common.listing.noLonger');
    throw err;
  });
}

/** Someone else's entry answers exactly like a missing one. */
export async function removeFromWishlist(
  db: Kysely<Database>,
  user: Actor,
  itemId: string,
): Promise<number> {
  await requireAccess(db, user, 'wishlistItem.delete', itemId);
  const deleted = await deleteWishlistItem(db, itemId, user.id);
  // Removed by another request since the check: gone all the same.
  if (deleted === 0) throw refusalOf('wishlistItem.delete');
  return deleted;
}
