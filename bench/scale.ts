/**
 * npm run bench:scale -- [--sizes 1000,100000,1000000] [--db sqlite|postgres] [--quick]
 *
 * The category page (page 1 and a deep page) at several catalogue sizes: latency and requests
 * per second per size, to show that listing cost does not grow with the catalogue.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { getCategoryProducts } from '../apps/server/src/modules/catalog/catalog.service.ts';
import { CategoryPageAnchors } from '../apps/server/src/modules/catalog/page-anchors.ts';
import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo-data.ts';
import {
  buildProduct,
  measure,
  prepareDatabase,
  printTable,
  signIn,
  startProduct,
  writeResults,
  type Measurement,
} from './lib.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000,1000000' },
    db: { type: 'string', default: 'sqlite' },
    quick: { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map(Number);
const kind = values.db === 'postgres' ? 'postgres' : 'sqlite';
const seconds = values.quick ? 3 : 10;
const warmup = values.quick ? 1 : 3;
const rows: Measurement[] = [];
const queries: Array<{ size: number; page1Ms: number; deepColdMs: number; deepWarmMs: number }> =
  [];

/** Mean time of the category query itself, without HTTP or the response cache. */
async function queryTimes(env: Record<string, string>, size: number): Promise<void> {
  const handle = openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: path.join(env.DATA_DIR!, 'marketplace.db'),
  });
  try {
    const deep = Math.max(1, Math.floor(size / 4 / 24 / 2));
    const time = async (page: number, anchors: () => CategoryPageAnchors) => {
      const runs = 50;
      const started = performance.now();
      for (let i = 0; i < runs; i++) {
        await getCategoryProducts(handle.db, anchors(), 'iPhone', { page, limit: 24 });
      }
      return Number(((performance.now() - started) / runs).toFixed(2));
    };
    const warm = new CategoryPageAnchors();
    queries.push({
      size,
      page1Ms: await time(1, () => warm),
      deepColdMs: await time(deep, () => new CategoryPageAnchors()),
      deepWarmMs: await time(deep, () => warm),
    });
  } finally {
    await handle.close();
  }
}

buildProduct();
for (const size of sizes) {
  console.log(`preparing ${size.toLocaleString('en-US')} listings...`);
  const database = await prepareDatabase(kind, size);
  await queryTimes(database.env, size);
  const product = await startProduct(database.env);
  try {
    const cookie = await signIn(
      product.url,
      DEMO_ACCOUNTS.buyer.email,
      DEMO_ACCOUNTS.buyer.password,
    );
    const total = Number(
      (await fetch(`${product.url}/api/products/iPhone`, { headers: { cookie } })).headers.get(
        'x-total-count',
      ),
    );
    const deep = Math.max(1, Math.floor(total / 24 / 2));
    const base = { connections: 50, headers: { cookie } };
    const first = await measure(
      `${size} listings, page 1`,
      { ...base, url: `${product.url}/api/products/iPhone` },
      seconds,
      warmup,
    );
    const deepRow = await measure(
      `${size} listings, page ${deep}`,
      { ...base, url: `${product.url}/api/products/iPhone?page=${deep}` },
      seconds,
      warmup,
    );
    rows.push(first, deepRow);
  } finally {
    await product.stop();
    await database.destroy();
  }
}

console.log(`\n${kind}, GET /api/products/iPhone at 50 connections, ${seconds} s each\n`);
printTable(rows);
console.log('\nthe category query alone (no HTTP, no response cache), mean of 50 calls:');
console.log('listings    page 1 ms  deep page ms (first visit)  deep page ms (warm)');
for (const q of queries) {
  console.log(
    `${String(q.size).padEnd(11)} ${String(q.page1Ms).padEnd(10)} ${String(q.deepColdMs).padEnd(27)} ${q.deepWarmMs}`,
  );
}
const small = rows[0];
const large = rows[rows.length - 2];
if (small && large)
  console.log(
    `\npage-1 p50 at the largest size / at the smallest: ${(large.p50 / Math.max(small.p50, 0.01)).toFixed(2)}x`,
  );
console.log(`written to ${writeResults('scale', { kind, sizes, rows, queries })}`);
