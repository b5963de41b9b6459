import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  formatDayMonthYear,
  type Booking,
  type PaginationQuery,
  type SellerBuyer,
  type createBookingSchema,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { isForeignKeyViolation, readDate, valueWriters } from '../../db/dialect.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { centsToDollars } from '../../lib/money.ts';
import { mapPage, type OwnListQuery, type Page } from '../../lib/paging.ts';
import {
  findBookableProduct,
  findBooking,
  insertBookingOnce,
  listBookings,
} from './bookings.repository.ts';

type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

function toBooking(row: BookingRow): Booking {
  return {
    _id: row.id,
    productId: row.productId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    location: row.location,
    productName: row.productName,
    price: centsToDollars(row.priceCents),
    imgURL: row.imgUrl,
    date: formatDayMonthYear(readDate(row.createdAt)),
    productAvailable: row.productId !== null,
  };
}

/**
 * Only the product, the phone and the meeting place come from the buyer. The buyer's name and
 * email come from the session; the product's name, resell price and image from the product.
 */
export async function createBooking(
  db: Kysely<Database>,
  buyer: Actor,
  input: z.output<typeof createBookingSchema>,
  now: Date = new Date(),
): Promise<Booking> {
  const product = await findBookableProduct(db, input.productId);
  if (!product) throw notFound('This product is no longer available');
  await requireAccess(db, buyer, 'product.book', product);

  const w = valueWriters(db);
  const id = crypto.randomUUID();
  // The product may be deleted between the check above and this insert.
  const inserted = await insertBookingOnce(db, {
    id,
    buyerId: buyer.id,
    productId: product.id,
    sellerId: product.sellerId,
    name: buyer.name,
    email: buyer.email,
    phone: input.phone,
    location: input.location,
    productName: product.name,
    priceCents: product.resellPriceCents,
    imgUrl: product.imgUrl,
    createdAt: w.date(now),
  }).catch((err: unknown) => {
    if (isForeignKeyViolation(err)) throw notFound('This product is no longer available');
    throw err;
  });
  if (!inserted) throw conflict('You have already booked this product');
  const booking = await findBooking(db, id);
  if (!booking) throw notFound('This product is no longer available');
  return toBooking(booking);
}

/** The buyer's own orders: `query.email` must be theirs. */
export async function getBuyerBookings(
  db: Kysely<Database>,
  buyer: Actor,
  query: OwnListQuery,
): Promise<Page<Booking>> {
  await requireAccess(db, buyer, 'account.read', query.email);
  return mapPage(await listBookings(db, 'buyerId', buyer.id, query), toBooking);
}

export async function getSellerBuyers(
  db: Kysely<Database>,
  seller: Actor,
  page: PaginationQuery,
): Promise<Page<SellerBuyer>> {
  return mapPage(await listBookings(db, 'sellerId', seller.id, page), (row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    location: row.location,
    productName: row.productName,
    date: formatDayMonthYear(readDate(row.createdAt)),
  }));
}
