/**
 * npm run bench:scale -- [--sizes 1000,100000,1000000] [--db sqlite|postgres] [--quick]
 *
 * The category page (page 1 and a deep page) at several catalogue sizes: latency and requests
 * per second per size, to show that listing cost does not grow with the catalogue.
 */
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo-data.ts';
import {
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

for (const size of sizes) {
  console.log(`preparing ${size.toLocaleString('en-US')} listings...`);
  const database = await prepareDatabase(kind, size);
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
const small = rows[0];
const large = rows[rows.length - 2];
if (small && large)
  console.log(
    `\npage-1 p50 at the largest size / at the smallest: ${(large.p50 / Math.max(small.p50, 0.01)).toFixed(2)}x`,
  );
console.log(`written to ${writeResults('scale', { kind, sizes, rows })}`);
