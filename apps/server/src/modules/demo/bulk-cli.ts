/**
 * npm run seed:bulk -- --products N [--database-url URL] [--data-dir DIR] [--priority normal]
 * Adds N listings to the database the server would use (DATABASE_URL or DATA_DIR).
 *
 * An import runs beside a live site: it asks the system for a lower CPU priority (nice 10), so
 * that the server's searches are not kept waiting for a core while it writes. `--priority normal`
 * keeps the usual priority (an import into a database no site is using).
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import { seedBulkProducts } from './bulk.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
    seed: { type: 'string', default: '42' },
    priority: { type: 'string', default: 'low' },
  },
});

if (values.priority !== 'low' && values.priority !== 'normal') {
  console.error('--priority must be low or normal');
  process.exit(1);
}
if (values.priority === 'low') {
  try {
    os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // A system that does not let a process lower its priority: the import runs all the same.
  }
}

const products = Number(values.products);
if (!Number.isInteger(products) || products < 1) {
  console.error('--products must be a whole number of at least 1');
  process.exit(1);
}
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
const handle = openDatabase({
  databaseUrl,
  sqliteFile: path.resolve(values['data-dir'], 'marketplace.db'),
});
const started = Date.now();
try {
  await migrateToLatest(handle.db);
  await seedBulkProducts(handle.db, {
    products,
    seed: Number(values.seed),
    onProgress: (done) => process.stdout.write(`\r${done.toLocaleString('en-US')} listings`),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\nadded ${products.toLocaleString('en-US')} listings to ${handle.kind} in ${seconds} s`,
  );
} finally {
  await handle.close();
}
