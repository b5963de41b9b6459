import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { CATEGORIES, CONDITIONS, type CategoryName } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { valueWriters } from '../../db/dialect.ts';
import { DEMO_CATEGORIES } from './demo-data.ts';
import { rebuildAllPriceStats } from '../../modules/phone-facts/public.ts';
import { loadGazetteer } from '../places/public.ts';

const MODELS: Record<CategoryName, string[]> = {
  iPhone: [
    'iPhone 11',
    'iPhone 12',
    'iPhone 12 mini',
    'iPhone 13',
    'iPhone 13 Pro',
    'iPhone 14',
    'iPhone 14 Pro Max',
    'iPhone 15',
    'iPhone 15 Pro',
    'iPhone SE',
  ],
  samsung: [
    'Galaxy S21',
    'Galaxy S22',
    'Galaxy S23 Ultra',
    'Galaxy A34',
    'Galaxy A54',
    'Galaxy M34',
    'Galaxy Z Flip5',
    'Galaxy Note20',
  ],
  xiaomi: [
    'Redmi Note 11',
    'Redmi Note 12 Pro',
    'Redmi 12',
    'Poco X5',
    'Poco F5',
    'Xiaomi 12 Lite',
    'Xiaomi 13T',
  ],
  realme: [
    'realme 10',
    'realme 11 Pro',
    'realme C55',
    'realme GT 2',
    'realme narzo 60',
    'realme 12 Pro',
  ],
};
const STORAGE = ['64GB', '128GB', '256GB', '512GB'];
const PLACES = [
  'Dhaka, Gulshan',
  'Dhaka, Banani',
  'Dhaka, Mirpur',
  'Dhaka, Uttara',
  'Chattogram',
  'Sylhet',
  'Khulna',
  'Rajshahi',
  'Gazipur',
  'Cumilla',
];

/** A small deterministic generator so two runs with the same seed make the same data. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BulkOptions {
  products: number;
  sellers?: number;
  advertisedShare?: number;
  seed?: number;
  onProgress?: (done: number) => void;
}

/**
 * Fills a database with realistic listings for load tests: every category, condition and a
 * spread of prices, dates and sellers, a share of them advertised. Adds categories when missing.
 */
export async function seedBulkProducts(db: Kysely<Database>, options: BulkOptions): Promise<void> {
  const w = valueWriters(db);
  const rnd = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const now = Date.now();
  const twoYears = 2 * 365 * 24 * 60 * 60 * 1000;
  // Every bulk listing is placed: its area's id and centre, and the area's name as the location.
  const places = loadGazetteer(['BD']);
  const placed = PLACES.map((text) => {
    const place = places.placeOf(text);
    if (!place) throw new Error(`The gazetteer has no place "${text}"`);
    return { location: place.label, placeId: place.id, placeLat: place.lat, placeLon: place.lon };
  });

  const existing = await db.selectFrom('categories').select('name').execute();
  const missing = DEMO_CATEGORIES.filter((c) => !existing.some((e) => e.name === c.name));
  if (missing.length) {
    await db
      .insertInto('categories')
      .values(
        missing.map((c, i) => ({
          id: crypto.randomUUID(),
          name: c.name,
          img: c.img,
          sortOrder: i,
        })),
      )
      .execute();
  }

  const sellerCount =
    options.sellers ?? Math.max(10, Math.min(2000, Math.ceil(options.products / 100)));
  const sellerIds: string[] = [];
  const runId = crypto.randomBytes(3).toString('hex');
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < sellerCount; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(sellerCount, start + 500); i++) {
        const id = crypto.randomUUID();
        sellerIds.push(id);
        rows.push({
          id,
          name: `Seller ${runId}-${i + 1}`,
          email: `seller-${runId}-${i + 1}@bulk.example.com`,
          emailVerified: w.bool(true),
          image: null,
          createdAt: w.date(new Date(now - twoYears)),
          updatedAt: w.date(new Date(now - twoYears)),
          phone: `+1555${String(1_000_000 + i).slice(-7)}`,
          role: 'seller' as const,
          isVerifiedUser: w.bool(rnd() < 0.4),
        });
      }
      await trx.insertInto('users').values(rows).execute();
    }
  });

  const batch = 500;
  const advertisedShare = options.advertisedShare ?? 0.02;
  let done = 0;
  // One transaction per 20,000 rows keeps memory flat and each commit durable.
  while (done < options.products) {
    const chunkEnd = Math.min(options.products, done + 20_000);
    await db.transaction().execute(async (trx) => {
      for (let start = done; start < chunkEnd; start += batch) {
        const rows = [];
        for (let i = start; i < Math.min(chunkEnd, start + batch); i++) {
          const category = pick(CATEGORIES);
          const year = 2018 + Math.floor(rnd() * 8);
          const original = Math.round((150 + rnd() * 1200) * 100);
          const model = pick(MODELS[category]);
          const storage = pick(STORAGE);
          rows.push({
            id: crypto.randomUUID(),
            sellerId: pick(sellerIds),
            category,
            name: `${model} ${storage}`,
            model,
            storageGb: Number.parseInt(storage, 10),
            imgUrl: `/demo/${category.toLowerCase()}-${1 + Math.floor(rnd() * 5)}.webp`,
            originalPriceCents: original,
            resellPriceCents: Math.max(100, Math.round(original * (0.3 + rnd() * 0.5))),
            yearOfPurchase: Math.min(year, new Date().getFullYear()),
            condition: pick(CONDITIONS),
            description:
              'Works well, battery in good health, with charger. Meet in a public place.',
            ...pick(placed),
            advertised: w.bool(rnd() < advertisedShare),
            postedAt: w.date(new Date(now - Math.floor(rnd() * twoYears))),
          });
        }
        await trx.insertInto('products').values(rows).execute();
      }
    });
    done = chunkEnd;
    options.onProgress?.(done);
  }
  await rebuildAllPriceStats(db, new Date(now));
}
