import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUploadResponseSchema } from '@market/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  CANONICAL_TEXT_SETTINGS,
  readManifest,
  summarizePostgres,
  summarizeSqlite,
  type BackupManifest,
  type TableSummary,
} from '../src/modules/backup/manifest.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, multipartForm, postProduct } from './helpers/market.ts';
import { createPostgresDatabase, type PostgresDatabase } from './helpers/postgres-database.ts';

const cliDir = path.resolve(import.meta.dirname, '../src/modules/backup');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'market-backup-drill-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const t = useTestApp();
const restoredDatabases: PostgresDatabase[] = [];
afterAll(async () => {
  for (const database of restoredDatabases) await database.drop();
});

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the backup or restore command as an operator would, as its own process. */
function runCli(script: 'backup-cli.ts' | 'restore-cli.ts', args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(cliDir, script), ...args], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: t.config.dataDir,
        ...(t.db.url ? { DATABASE_URL: t.db.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A new, empty place to restore into: a folder, and on PostgreSQL a new database. */
async function emptyTarget(): Promise<{ dataDir: string; url: string | undefined }> {
  const dataDir = path.join(work, `restored-${crypto.randomBytes(4).toString('hex')}`);
  if (testDbKind === 'sqlite') return { dataDir, url: undefined };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const database = await createPostgresDatabase(adminUrl, 'market_restore');
  restoredDatabases.push(database);
  return { dataDir, url: database.url };
}

function restoreArgs(backup: string, target: { dataDir: string; url: string | undefined }) {
  return target.url ? [backup, target.url, '--data-dir', target.dataDir] : [backup, target.dataDir];
}

/** Every table's count and checksum in a restored place, read independently of the restore. */
async function summarizeRestored(target: {
  dataDir: string;
  url: string | undefined;
}): Promise<Record<string, TableSummary>> {
  if (!target.url) {
    const db = new SQLite(path.join(target.dataDir, 'marketplace.db'), { readonly: true });
    try {
      return summarizeSqlite(db).tables;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(CANONICAL_TEXT_SETTINGS);
    return (await summarizePostgres(client)).tables;
  } finally {
    await client.end();
  }
}

async function uploadImage(user: TestUser, seed: number): Promise<string> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: seed % 256, g: 90, b: 30 } },
  })
    .png()
    .toBuffer();
  const form = multipartForm(png);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  return res.statusCode === 200 ? imageUploadResponseSchema.parse(res.json()).data.url : '';
}

/**
 * Why the drill cannot run on this machine's PostgreSQL, or null: pg_dump must be installed and
 * not older than the server (a fresh clone's test run may use a newer PostgreSQL from npm).
 */
async function postgresToolsProblem(): Promise<string | null> {
  if (testDbKind !== 'postgres') return null;
  const version = await new Promise<string | null>((resolve) => {
    const child = spawn('pg_dump', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? out : null));
  });
  if (!version) return 'pg_dump is not installed';
  const toolMajor = Number(/(\d+)\.\d+/.exec(version)?.[1]);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(
      "select current_setting('server_version_num') as v",
    );
    const serverMajor = Math.floor(Number(rows[0]?.v) / 10_000);
    return toolMajor >= serverMajor
      ? null
      : `pg_dump ${toolMajor} cannot dump PostgreSQL ${serverMajor}`;
  } finally {
    await client.end();
  }
}
const toolsProblem = await postgresToolsProblem();

let seller: TestUser;
let buyers: TestUser[];
beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  buyers = [];
  for (let i = 0; i < 4; i += 1) buyers.push(await createUser(t, { role: 'buyer' }));
});

describe.skipIf(toolsProblem !== null)(
  `backup and restore drill on ${testDbKind}${toolsProblem ? ` (skipped: ${toolsProblem})` : ''}`,
  () => {
    it('backs up under load, restores into a new place, and the restored server has everything acknowledged before', async () => {
      // Seed: listings with uploaded photos, and conversations about them.
      const acknowledged = { products: new Set<string>(), messages: new Set<string>() };
      const images: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const url = await upload(seller, i);
        images.push(url);
        const product = await postProduct(t, seller, { name: `Seeded phone ${i}`, imgURL: url });
        acknowledged.products.add(product._id);
      }
      let round = 0;
      /** One round of load: a listing, and a buyer's first message about it. */
      const writeOnce = async (into: typeof acknowledged) => {
        round += 1;
        const product = await call(
          t,
          seller,
          'POST',
          `/api/add-product?email=${encodeURIComponent(seller.email)}`,
          {
            name: `Phone under load ${round}`,
            location: 'Dhaka, Gulshan',
            yearOfUse: 2022,
            originalPrice: 799,
            resellPrice: 450,
            Category: 'iPhone',
            condition: 'good',
            description: 'Written while a backup runs.',
            imgURL: '/demo/iphone-1.webp',
          },
        );
        if (product.statusCode !== 200) return;
        const productId = product.json<{ _id: string }>()._id;
        into.products.add(productId);
        const buyer = buyers[round % buyers.length] as TestUser;
        const started = await call(t, buyer, 'POST', '/api/conversations', {
          productId,
          text: `Is phone ${round} still available?`,
        });
        if (started.statusCode === 201)
          into.messages.add(started.json<{ message: { _id: string } }>().message._id);
      };
      for (let i = 0; i < 10; i += 1) await writeOnce(acknowledged);

      // Load goes on while the backup runs, and a little after.
      const during = { products: new Set<string>(), messages: new Set<string>() };
      let backupDone = false;
      const backupsDir = path.join(work, 'backups');
      const backup = runCli('backup-cli.ts', [backupsDir]).finally(() => (backupDone = true));
      let roundsDuringBackup = 0;
      while (!backupDone) {
        await writeOnce(during);
        roundsDuringBackup += 1;
      }
      const backupRun = await backup;
      expect(backupRun.stderr).toBe('');
      expect(backupRun.code).toBe(0);
      expect(roundsDuringBackup).toBeGreaterThan(0);

      const [folder] = fs.readdirSync(backupsDir);
      const backupDir = path.join(backupsDir, folder as string);
      const manifest: BackupManifest = readManifest(backupDir);
      expect(manifest.database.kind).toBe(testDbKind);
      expect(manifest.database.latestMigration).toMatch(/^\d{14}_\w+$/);
      expect(manifest.database.tables.products?.rows).toBeGreaterThanOrEqual(
        acknowledged.products.size,
      );
      expect(manifest.images.storage).toBe('local');

      // Restore into a new place; the command itself checks every table and image.
      const target = await emptyTarget();
      const restoreRun = await runCli('restore-cli.ts', restoreArgs(backupDir, target));
      expect(restoreRun.stderr).toBe('');
      expect(restoreRun.code).toBe(0);

      // Every table's rows, read again here, are the manifest's.
      expect(await summarizeRestored(target)).toEqual(manifest.database.tables);

      // A server started on the restored data serves what was acknowledged before the backup.
      const restoredConfig = loadConfig({
        DATA_DIR: target.dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        PUBLIC_URL: 'http://localhost:3000',
        // The operator's AUTH_SECRET (a server without one keeps it in DATA_DIR, which is copied).
        AUTH_SECRET: t.config.authSecret,
        ...(target.url ? { DATABASE_URL: target.url } : {}),
      });
      const restored = await buildApp(restoredConfig, { serveWeb: false });
      try {
        await restored.searchIndex.whenReady();
        expect((await restored.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        const products = new Set(
          (await restored.db.selectFrom('products').select('id').execute()).map((r) => r.id),
        );
        const messages = new Set(
          (await restored.db.selectFrom('messages').select('id').execute()).map((r) => r.id),
        );
        expect([...acknowledged.products].filter((id) => !products.has(id))).toEqual([]);
        expect([...acknowledged.messages].filter((id) => !messages.has(id))).toEqual([]);
        expect(acknowledged.messages.size).toBe(10);
        // Whatever the backup holds from during the load is a listing that was acknowledged.
        const known = new Set([...acknowledged.products, ...during.products]);
        expect([...products].filter((id) => !known.has(id))).toEqual([]);

        const page = await restored.inject({
          method: 'GET',
          url: `/api/product/${[...acknowledged.products][0]}`,
        });
        expect(page.statusCode, page.body).toBe(200);
        expect(page.json<{ name: string }>().name).toBe('Seeded phone 0');

        // Every image's bytes, served by the restored server, are the original's.
        for (const url of images) {
          const original = await t.app.inject({ method: 'GET', url });
          const copy = await restored.inject({ method: 'GET', url });
          expect(copy.statusCode).toBe(200);
          expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
        }
        for (const [name, file] of Object.entries(
          manifest.images.storage === 'local' ? manifest.images.files : {},
        )) {
          const bytes = fs.readFileSync(path.join(target.dataDir, 'uploads', name));
          expect(bytes.length).toBe(file.size);
          expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
        }
        // The session of a user signed in before the backup is still valid on the restored server.
        const me = await restored.inject({
          method: 'GET',
          url: '/api/me',
          headers: seller.headers,
        });
        expect(me.statusCode, me.body).toBe(200);
      } finally {
        await restored.close();
      }

      // The same restore into the now full place is refused, and changes nothing there.
      const before = await summarizeRestored(target);
      const again = await runCli('restore-cli.ts', restoreArgs(backupDir, target));
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        /is not empty.*restore into (an empty or new folder|a new, empty database)/,
      );
      expect(await summarizeRestored(target)).toEqual(before);

      // A backup that does not match its manifest fails the restore, naming the table.
      const tampered = path.join(work, 'tampered');
      fs.cpSync(backupDir, tampered, { recursive: true });
      const edited = readManifest(tampered);
      const products = edited.database.tables.products as TableSummary;
      products.rows += 1;
      fs.writeFileSync(path.join(tampered, 'manifest.json'), JSON.stringify(edited));
      const mismatch = await runCli('restore-cli.ts', restoreArgs(tampered, await emptyTarget()));
      expect(mismatch.code).toBe(1);
      expect(mismatch.stderr).toContain(
        `table products: ${products.rows - 1} rows, the manifest says ${products.rows}`,
      );
    }, 120_000);

    async function upload(user: TestUser, seed: number): Promise<string> {
      const url = await uploadImage(user, seed);
      expect(url).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
      return url;
    }
  },
);
