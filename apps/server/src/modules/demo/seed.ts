import crypto from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { modelFromName } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { valueWriters } from '../../db/dialect.ts';
import { dollarsToCents } from '../../lib/money.ts';
import { insertUserWithPassword } from '../../modules/accounts/public.ts';
import { rebuildAllPriceStats } from '../../modules/phone-facts/public.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_BLOGS,
  DEMO_CATEGORIES,
  DEMO_EXTRA_PHOTOS,
  DEMO_PAST_BUYER,
  DEMO_PAST_SELLERS,
  DEMO_PRICE_DROPS,
  DEMO_PRODUCTS,
  DEMO_SALES,
  demoDetails,
  DEMO_REVIEWS,
} from './demo-data.ts';
import { insertDemoMeetingSpots } from '../meeting-spots/public.ts';
import { loadGazetteer } from '../places/public.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * Fills an empty database with the demo marketplace. Does nothing when categories exist. The
 * demo admin, whose password is published, only when `withAdmin` (see Config.seedDemoAdmin).
 */
export async function seedDemoData(
  db: Kysely<Database>,
  log: Pick<FastifyBaseLogger, 'info'>,
  { withAdmin }: { withAdmin: boolean },
): Promise<void> {
  const existing = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const w = valueWriters(db);
  const now = Date.now();

  await db.transaction().execute(async (trx) => {
    if (withAdmin) {
      await insertUserWithPassword(trx, {
        ...DEMO_ACCOUNTS.admin,
        role: 'admin',
        isVerifiedUser: false,
      });
    }
    const ids: Record<Exclude<keyof typeof DEMO_ACCOUNTS, 'admin'>, string> = {
      seller: await insertUserWithPassword(trx, {
        ...DEMO_ACCOUNTS.seller,
        role: 'seller',
        isVerifiedUser: true,
        image: '/demo/seller-rahim.webp',
      }),
      newSeller: await insertUserWithPassword(trx, {
        ...DEMO_ACCOUNTS.newSeller,
        role: 'seller',
        isVerifiedUser: false,
      }),
      buyer: await insertUserWithPassword(trx, {
        ...DEMO_ACCOUNTS.buyer,
        role: 'buyer',
        isVerifiedUser: false,
        image: '/demo/buyer-sam.webp',
      }),
    };

    // The demo sellers have been members for a while, since before their listings, and so has
    // the demo buyer: a new account's first-day limits (5 conversations, 5 offers) are not what
    // someone trying the demo should meet.
    await trx
      .updateTable('users')
      .set({ createdAt: w.date(new Date(now - 400 * DAY)) })
      .where('id', 'in', [ids.seller, ids.newSeller, ids.buyer])
      .execute();

    await trx
      .insertInto('categories')
      .values(
        DEMO_CATEGORIES.map((c, i) => ({
          id: crypto.randomUUID(),
          name: c.name,
          img: c.img,
          sortOrder: i,
        })),
      )
      .execute();

    const stated = (value: boolean | null) => (value === null ? null : w.bool(value));
    // The demo's areas are Bangladesh's: each listing is placed by its text.
    const places = loadGazetteer(['BD']);
    const products = DEMO_PRODUCTS.map((p, i) => {
      const place = places.placeOf(p.location);
      if (!place) throw new Error(`The gazetteer has no place "${p.location}"`);
      const details = demoDetails(p);
      const droppedFrom = DEMO_PRICE_DROPS[p.image];
      return {
        id: crypto.randomUUID(),
        sellerId: ids[p.seller],
        category: p.category,
        name: p.name,
        imgUrl: `/demo/${p.image}.webp`,
        originalPriceCents: dollarsToCents(p.originalPrice),
        resellPriceCents: dollarsToCents(p.resellPrice),
        yearOfPurchase: p.yearOfPurchase,
        condition: p.condition,
        description: p.description,
        location: p.location,
        placeId: place.id,
        placeLat: place.lat,
        placeLon: place.lon,
        advertised: w.bool(p.advertised),
        // Spread over the last weeks so "newest first" has a visible order.
        postedAt: w.date(new Date(now - (i + 1) * 0.7 * DAY)),
        previousResellPriceCents: droppedFrom === undefined ? null : dollarsToCents(droppedFrom),
        model: modelFromName(p.name, p.category),
        ...details,
        ...(details && {
          activationLockOff: stated(details.activationLockOff),
          paidOff: stated(details.paidOff),
        }),
      };
    });
    await trx.insertInto('products').values(products).execute();
    await insertDemoSales(trx, products, now);
    await trx
      .insertInto('productPhotos')
      .values(
        DEMO_PRODUCTS.flatMap((p, i) =>
          [p.image, ...(DEMO_EXTRA_PHOTOS[p.image] ?? [])].map((image, position) => ({
            productId: products[i]!.id,
            position,
            url: `/demo/${image}.webp`,
          })),
        ),
      )
      .execute();
    // Each listing's price history: the price it was posted at, and a drop where there was one.
    await trx
      .insertInto('productPriceHistory')
      .values(
        products.flatMap((row, i) => {
          const droppedFrom = row.previousResellPriceCents;
          const posted = {
            id: crypto.randomUUID(),
            productId: row.id,
            originalPriceCents: row.originalPriceCents,
            resellPriceCents: droppedFrom ?? row.resellPriceCents,
            changedAt: row.postedAt,
          };
          if (droppedFrom === null) return [posted];
          const dropped = w.date(new Date(now - (i + 1) * 0.35 * DAY));
          return [
            posted,
            {
              ...posted,
              id: crypto.randomUUID(),
              resellPriceCents: row.resellPriceCents,
              changedAt: dropped,
            },
          ];
        }),
      )
      .execute();

    await trx
      .insertInto('reviews')
      .values(DEMO_REVIEWS.map((r, i) => ({ id: crypto.randomUUID(), ...r, sortOrder: i })))
      .execute();
    await trx
      .insertInto('blogs')
      .values(DEMO_BLOGS.map((b, i) => ({ id: crypto.randomUUID(), ...b, sortOrder: i })))
      .execute();
    await rebuildAllPriceStats(trx, new Date(now));
    await insertDemoMeetingSpots(trx, new Date(now));
  });
  log.info({ products: DEMO_PRODUCTS.length, demoAdmin: withAdmin }, 'demo data seeded');
}

/** The sellers of the past and the phones they sold (see DEMO_SALES). */
async function insertDemoSales(
  trx: Kysely<Database>,
  products: Insertable<Database['products']>[],
  now: number,
): Promise<void> {
  const w = valueWriters(trx);
  const sellers: Record<string, string> = {};
  for (const [key, account] of Object.entries(DEMO_PAST_SELLERS)) {
    sellers[key] = await insertUserWithPassword(trx, {
      ...account,
      // Nobody signs in as them.
      password: crypto.randomBytes(24).toString('base64url'),
      role: 'seller',
      isVerifiedUser: true,
    });
  }
  const sales = DEMO_SALES.map((sale) => {
    const like = products.find((p) => p.imgUrl === `/demo/${sale.like}.webp`);
    if (!like) throw new Error(`demo sale like ${sale.like}: no such demo listing`);
    const soldAt = new Date(now - sale.soldDaysAgo * DAY);
    return {
      ...like,
      id: crypto.randomUUID(),
      sellerId: sellers[sale.seller]!,
      resellPriceCents: dollarsToCents(sale.resellPrice),
      advertised: w.bool(false),
      postedAt: w.date(new Date(soldAt.getTime() - 9 * DAY)),
      previousResellPriceCents: null,
      status: 'sold' as const,
      soldAt: w.date(soldAt),
    };
  });
  if (sales.length > 0) await trx.insertInto('products').values(sales).execute();
  await trx
    .insertInto('productPhotos')
    .values(sales.map((row) => ({ productId: row.id, position: 0, url: row.imgUrl })))
    .execute();
  // Each sale is a deal completed here: requested, accepted and handed over on the day it sold.
  const buyerId = await insertUserWithPassword(trx, {
    ...DEMO_PAST_BUYER,
    password: crypto.randomBytes(24).toString('base64url'),
    role: 'buyer',
    isVerifiedUser: false,
  });
  const deals = sales.map((row, i) => {
    const soldAt = new Date(now - DEMO_SALES[i]!.soldDaysAgo * DAY);
    const at = (hoursBefore: number) => w.date(new Date(soldAt.getTime() - hoursBefore * HOUR));
    return {
      id: crypto.randomUUID(),
      buyerId,
      productId: row.id,
      sellerId: row.sellerId,
      name: DEMO_PAST_BUYER.name,
      email: DEMO_PAST_BUYER.email,
      phone: DEMO_PAST_BUYER.phone,
      location: row.location,
      productName: row.name,
      priceCents: row.resellPriceCents,
      imgUrl: row.imgUrl,
      createdAt: at(26),
      status: 'completed' as const,
      meetingAt: at(1),
      meetingPlace: row.location,
      meetingTimeZone: 'Asia/Dhaka',
      respondedAt: at(24),
      completedAt: w.date(soldAt),
      updatedAt: w.date(soldAt),
    };
  });
  if (deals.length > 0) await trx.insertInto('bookings').values(deals).execute();
}

/** The demo admin's sign-in, shown on the log-in page while demo data is on. */
export function demoAdminSignIn(): { email: string; password: string } {
  return { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password };
}
