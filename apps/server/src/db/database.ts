import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { boundedCache, stringBytes } from '../lib/bounded-cache.ts';
import { sqliteDialectWithSpans } from '../lib/query-spans.ts';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import type { Migration, MigrationResultSet } from 'kysely';
import type * as Pg from 'pg';
import type { Database } from './schema.ts';
import { SQLITE_BUSY_TIMEOUT_MS } from './dialect.ts';
import * as initial from './migrations/20261123000100_initial.ts';
import * as categoryProductCounts from './migrations/20261123010000_category_product_counts.ts';
import * as listingStatus from './migrations/20261124000100_listing_status.ts';
import * as listingDetailsPhotos from './migrations/20261124000200_listing_details_photos.ts';
import * as bookingRequests from './migrations/20261124000300_booking_requests.ts';
import * as search from './migrations/20261124000400_search.ts';
import * as conversations from './migrations/20261124000500_conversations.ts';
import * as notifications from './migrations/20261124000600_notifications.ts';
import * as reviews from './migrations/20261124000700_reviews.ts';
import * as moderation from './migrations/20261124000800_moderation.ts';
import * as imeiModel from './migrations/20261124000900_imei_model.ts';
import * as listingNames from './migrations/20261124001000_listing_names.ts';
import * as searchDocs from './migrations/20261124001100_search_docs.ts';
import * as searchLog from './migrations/20261124001200_search_log.ts';
import * as fairPricePerSeller from './migrations/20261126001001_fair_price_per_seller.ts';
import * as oneSearchEngine from './migrations/20261126001002_one_search_engine.ts';
import * as handoverLockMailDigest from './migrations/20261126002001_handover_lock_mail_digest.ts';
import * as imeiGiven from './migrations/20261126003001_imei_given.ts';
import * as savedSearchPositions from './migrations/20261126006001_saved_search_positions.ts';
import * as phoneLockStatus from './migrations/20261127000100_phone_lock_status.ts';
import * as handoverInspection from './migrations/20261127000200_handover_inspection.ts';
import * as stolenPhonesPossession from './migrations/20261127000300_stolen_phones_possession.ts';
import * as meetingCheckIns from './migrations/20261127000400_meeting_check_ins.ts';
import * as places from './migrations/20261128000100_places.ts';
import * as meetingSpotsAndPlans from './migrations/20261128000200_meeting_spots_and_plans.ts';
import * as offers from './migrations/20261128000300_offers.ts';
import * as scamShield from './migrations/20261128000400_scam_shield.ts';
import * as dataExports from './migrations/20261128000500_data_exports.ts';
import * as pushSubscriptions from './migrations/20261128000600_push_subscriptions.ts';
import * as userLanguage from './migrations/20261129000100_user_language.ts';

export type DbKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** The SQLite file, or null on PostgreSQL. */
  sqliteFile: string | null;
  /** The PostgreSQL connection pool's figures (for the metrics); null on SQLite's one connection. */
  pool: PoolFigures | null;
  close(): Promise<void>;
}

export interface PoolFigures {
  readonly max: number;
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** Every migration, in order. Listed here so they load the same from source and from tests. */
export const migrations: Record<string, Migration> = {
  '20261123000100_initial': initial,
  '20261123010000_category_product_counts': categoryProductCounts,
  '20261124000100_listing_status': listingStatus,
  '20261124000200_listing_details_photos': listingDetailsPhotos,
  '20261124000300_booking_requests': bookingRequests,
  '20261124000400_search': search,
  '20261124000500_conversations': conversations,
  '20261124000600_notifications': notifications,
  '20261124000700_reviews': reviews,
  '20261124000800_moderation': moderation,
  '20261124000900_imei_model': imeiModel,
  '20261124001000_listing_names': listingNames,
  '20261124001100_search_docs': searchDocs,
  '20261124001200_search_log': searchLog,
  '20261126001001_fair_price_per_seller': fairPricePerSeller,
  '20261126001002_one_search_engine': oneSearchEngine,
  '20261126002001_handover_lock_mail_digest': handoverLockMailDigest,
  '20261126003001_imei_given': imeiGiven,
  '20261126006001_saved_search_positions': savedSearchPositions,
  '20261127000100_phone_lock_status': phoneLockStatus,
  '20261127000200_handover_inspection': handoverInspection,
  '20261127000300_stolen_phones_possession': stolenPhonesPossession,
  '20261127000400_meeting_check_ins': meetingCheckIns,
  '20261128000100_places': places,
  '20261128000200_meeting_spots_and_plans': meetingSpotsAndPlans,
  '20261128000300_offers': offers,
  '20261128000400_scam_shield': scamShield,
  '20261128000500_data_exports': dataExports,
  '20261128000600_push_subscriptions': pushSubscriptions,
  '20261129000100_user_language': userLanguage,
};

const require = createRequire(import.meta.url);
/** The PostgreSQL driver, loaded only by a server that uses PostgreSQL. */
let pgDriver: typeof Pg | undefined;
function loadPg(): typeof Pg {
  if (!pgDriver) {
    pgDriver = require('pg') as typeof Pg;
    // PostgreSQL bigint (count(*)) and numeric come back as strings by default; the
    // marketplace's counts and ids fit in a JavaScript number.
    pgDriver.types.setTypeParser(pgDriver.types.builtins.INT8, (v) => Number.parseInt(v, 10));
  }
  return pgDriver;
}

/**
 * What may have been committed to a SQLite database, as a stamp that changes with every write
 * this process runs on its connection (counted as each statement is prepared, before it runs)
 * and with every commit of another connection (`pragma data_version`, which SQLite moves when it
 * sees one). A stamp taken before a read and found again later means that nothing has been
 * committed since the read began. Null when it cannot tell at the moment.
 */
export type ChangeStamp = () => string | null;

const changeStamps = new WeakMap<Kysely<Database>, ChangeStamp>();

/** The change stamp of a SQLite database opened here; null for PostgreSQL. */
export function changeStampOf(db: Kysely<Database>): ChangeStamp | null {
  return changeStamps.get(db) ?? null;
}

export function openDatabase(options: {
  databaseUrl?: string;
  sqliteFile: string;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const max = 20;
    const pool = new (loadPg().Pool)({
      connectionString: options.databaseUrl,
      max,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A connection the server drops (a database restart, a failover) must not crash the
    // process: idle ones report through the pool, checked-out ones through their own client.
    // The query in flight fails with the same error, and the pool replaces the connection.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const figures: PoolFigures = {
      max,
      get totalCount() {
        return pool.totalCount;
      },
      get idleCount() {
        return pool.idleCount;
      },
      get waitingCount() {
        return pool.waitingCount;
      },
    };
    return { db, kind: 'postgres', sqliteFile: null, pool: figures, close: () => db.destroy() };
  }

  fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a crash or power loss loses no acknowledged write.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const connection = withStatementCache(sqlite);
  const db = new Kysely<Database>({
    dialect: sqliteDialectWithSpans(new SqliteDialect({ database: connection })),
  });
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  changeStamps.set(db, () => {
    try {
      return `${connection.writes()}:${String(dataVersion.get())}`;
    } catch {
      // The connection is busy reading rows one by one (an iterator): no statement can run.
      return null;
    }
  });
  return {
    db,
    kind: 'sqlite',
    sqliteFile: options.sqliteFile,
    pool: null,
    close: () => db.destroy(),
  };
}

/** Distinct statements kept prepared: the server's queries are a few hundred shapes. */
const STATEMENTS_KEPT = 1_000;

/**
 * The connection as the query builder sees it, with each statement prepared once: preparing
 * (parsing and planning the SQL) cost more than running most of the server's queries. A statement
 * still being read by an iterator is busy; the same text then gets a statement of its own.
 * SQLite prepares a kept statement again by itself when the schema changes.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = boundedCache<string, SQLite.Statement>({
    maxEntries: STATEMENTS_KEPT,
    maxBytes: 32 * 1024 * 1024,
    // A prepared statement holds its text and its compiled program: a few times the text.
    sizeOf: (_, text) => 4096 + 4 * stringBytes(text),
  });
  // Statements that may write, prepared so far: the query builder prepares each one it runs.
  // `readonly`, not `reader`: an insert or update with RETURNING answers rows and writes.
  let writes = 0;
  const counted = (statement: SQLite.Statement) => {
    if (!statement.readonly) writes++;
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      const kept = statements.get(text);
      if (kept && !kept.busy) return counted(kept);
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      return counted(statement);
    },
    writes: () => writes,
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
