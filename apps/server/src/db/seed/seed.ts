import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '@market/shared';
import type { Database } from '../schema.ts';
import { valueWriters } from '../dialect.ts';
import { dollarsToCents } from '../../lib/money.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_BLOGS,
  DEMO_CATEGORIES,
  DEMO_PRODUCTS,
  DEMO_REVIEWS,
} from './demo-data.ts';

const DAY = 24 * 60 * 60 * 1000;

export async function insertUserWithPassword(
  db: Kysely<Database>,
  user: {
    name: string;
    email: string;
    password: string;
    phone: string;
    role: Role;
    isVerifiedUser: boolean;
    image?: string | null;
  },
  now: Date = new Date(),
): Promise<string> {
  const w = valueWriters(db);
  const id = crypto.randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      name: user.name,
      email: user.email.toLowerCase(),
      emailVerified: w.bool(true),
      image: user.image ?? null,
      createdAt: w.date(now),
      updatedAt: w.date(now),
      phone: user.phone,
      role: user.role,
      isVerifiedUser: w.bool(user.isVerifiedUser),
    })
    .execute();
  await db
    .insertInto('accounts')
    .values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword(user.password),
      createdAt: w.date(now),
      updatedAt: w.date(now),
    })
    .execute();
  return id;
}

/** Fills an empty database with the demo marketplace. Does nothing when categories exist. */
export async function seedDemoData(
  db: Kysely<Database>,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<void> {
  const existing = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const w = valueWriters(db);
  const now = Date.now();

  await db.transaction().execute(async (trx) => {
    const ids: Record<keyof typeof DEMO_ACCOUNTS, string> = {
      admin: await insertUserWithPassword(trx, {
        ...DEMO_ACCOUNTS.admin,
        role: 'admin',
        isVerifiedUser: false,
      }),
      seller: await insertUserWithPassword(trx, {
        ...DEMO_ACCOUNTS.seller,
        role: 'seller',
        isVerifiedUser: true,
        image: '/demo/person-3.webp',
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
        image: '/demo/person-2.webp',
      }),
    };

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

    await trx
      .insertInto('products')
      .values(
        DEMO_PRODUCTS.map((p, i) => ({
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
          advertised: w.bool(p.advertised),
          // Spread over the last weeks so "newest first" has a visible order.
          postedAt: w.date(new Date(now - (i + 1) * 0.7 * DAY)),
        })),
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
  });
  log.info({ products: DEMO_PRODUCTS.length }, 'demo data seeded');
}
