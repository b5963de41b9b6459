import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findOrStartRedis } from '../../../scripts/lib/local-redis.mjs';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { testDbKind } from './build-test-app.ts';
import { createPostgresDatabase } from './helpers/postgres-database.ts';

/**
 * Before the test files start, names to them through the environment what they share:
 * - `TEST_REDIS_URL`, the Redis that the tests of two instances count through: the one given,
 *   else one on the standard port, else a private `redis-server` (stopped at the end); empty
 *   when the machine has none, and those tests then check each instance alone;
 * - one migrated database of the kind under test: each test app's database is a copy of it (see
 *   `createTestDatabase`). Removed at the end of the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const redis = process.env.TEST_REDIS_URL
    ? { url: process.env.TEST_REDIS_URL, stop: async () => {} }
    : await findOrStartRedis();
  process.env.TEST_REDIS_URL = redis.url ?? '';
  const dropTemplate = await migrateTemplate();
  return async () => {
    await dropTemplate();
    await redis.stop();
  };
}

async function migrateTemplate(): Promise<() => Promise<void>> {
  if (testDbKind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-template-'));
    const file = path.join(dir, 'marketplace.db');
    const handle = openDatabase({ sqliteFile: file });
    await migrateToLatest(handle.db);
    // Closing the only connection folds the write-ahead log into the file, which is then whole.
    await handle.close();
    process.env.TEST_SQLITE_TEMPLATE = file;
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const database = await createPostgresDatabase(adminUrl, 'market_template');
  const handle = openDatabase({ databaseUrl: database.url, sqliteFile: '' });
  await migrateToLatest(handle.db);
  // A database with open connections cannot be copied.
  await handle.close();
  process.env.TEST_POSTGRES_TEMPLATE = new URL(database.url).pathname.slice(1);
  return () => database.drop();
}
