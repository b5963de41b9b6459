import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { createPostgresDatabase } from './helpers/postgres-database.ts';

/** Which database this test run uses: TEST_DB=postgres (with TEST_DATABASE_URL) or SQLite. */
export const testDbKind: 'sqlite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  url: string | undefined;
  /** Closes the connection and drops the database (PostgreSQL) or the folder (SQLite). */
  destroy(): Promise<void>;
}

/**
 * The migrated database that `test/global-setup.ts` makes once per run, named in the environment:
 * a SQLite file to copy, or a PostgreSQL database to create others from. Copying it is many
 * times faster than running every migration again for each test app.
 */
const template = {
  sqliteFile: process.env.TEST_SQLITE_TEMPLATE,
  postgresName: process.env.TEST_POSTGRES_TEMPLATE,
};

/**
 * A fresh database of the kind under test, private to the caller: empty, or with `migrated` a
 * copy of the run's migrated template (when the run made one; the app migrates it otherwise).
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-'));
  if (testDbKind === 'sqlite') {
    const file = path.join(dataDir, 'marketplace.db');
    if (options.migrated && template.sqliteFile) fs.copyFileSync(template.sqliteFile, file);
    const handle = openDatabase({ sqliteFile: file });
    return {
      handle,
      dataDir,
      url: undefined,
      async destroy() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const database = await createPostgresDatabase(adminUrl, 'market_test', {
    template: options.migrated ? template.postgresName : undefined,
    asyncCommit: true,
  });
  const handle = openDatabase({ databaseUrl: database.url, sqliteFile: '' });
  return {
    handle,
    dataDir,
    url: database.url,
    async destroy() {
      await handle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  config: Readonly<Config>;
  db: TestDatabase;
  close(): Promise<void>;
}

export type TestAppOptions = { env?: Record<string, string>; seedDemo?: boolean } & BuildOptions;

/**
 * The real app on a fresh database of the kind under test. Demo data is off unless asked for.
 * Extra environment variables (for example SMTP_URL) can be given.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase({ migrated: true });
  const config = loadConfig({
    DATA_DIR: db.dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'http://localhost:3000',
    // A test's answers do not depend on how busy the machine running it is: shedding load is
    // tested on its own (load-shedding.test.ts), with its bounds set.
    LOAD_SHEDDING: 'false',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    ...options.env,
  });
  const app = await buildApp(config, {
    database: db.handle,
    serveWeb: options.serveWeb ?? false,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  // The server answers before its search index is built; the tests search from the start.
  await app.searchIndex.whenReady();
  return {
    app,
    config,
    db,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/**
 * The app shared by the tests of this file or `describe` block: built before them on a fresh
 * database and closed after them. The handle can be used (and passed to the factories) from the
 * start; its parts exist once the tests run. Options given as a function are read when the app
 * is built, so they may use what an earlier `beforeAll` has started (a mail server, a folder);
 * `afterAll` hooks run in reverse, so the app is closed before that is stopped.
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let current: TestApp | undefined;
  const built = (): TestApp => {
    if (!current) throw new Error('The test app is built in beforeAll; use it inside the tests');
    return current;
  };
  beforeAll(async () => {
    current = await buildTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get app() {
      return built().app;
    },
    get config() {
      return built().config;
    },
    get db() {
      return built().db;
    },
    async close() {
      const app = built();
      current = undefined;
      await app.close();
    },
  };
}
