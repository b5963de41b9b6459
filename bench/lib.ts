import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemoData } from '../apps/server/src/modules/demo/seed.ts';
import { seedBulkProducts } from '../apps/server/src/modules/demo/bulk.ts';
import { createPostgresDatabase } from '../apps/server/test/helpers/postgres-database.ts';
import { COMPILED_SERVER } from '../e2e/harness.ts';
import { freePort } from '../scripts/lib/free-port.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '..');
const quietLog = { info: () => {} };

export interface Started {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns a Node process running `entry` and waits for `ready` to answer. */
async function spawnAndWait(
  args: string[],
  env: Record<string, string>,
  readyUrl: (port: number) => string,
  port: number,
): Promise<Started> {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A server builds its search index before it answers: about 30 s at a million listings.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl(port))).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface ProductDatabase {
  env: Record<string, string>;
  destroy(): Promise<void>;
}

/** A fresh database with the demo data plus `products` bulk listings. */
export async function prepareDatabase(
  kind: 'sqlite' | 'postgres',
  products: number,
): Promise<ProductDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-bench-'));
  const database =
    kind === 'postgres'
      ? await createPostgresDatabase(
          process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
          'market_bench',
        )
      : null;
  const databaseUrl = database?.url;
  const handle = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'marketplace.db') });
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db, quietLog, { withAdmin: true });
  await seedBulkProducts(handle.db, { products });
  if (kind === 'postgres') {
    // As autovacuum would after a bulk load: statistics, and the search index's pending list merged.
    await sql`vacuum analyze`.execute(handle.db);
  }
  await handle.close();
  return {
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    destroy: async () => {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds what `npm start` runs: the shared package and the server as JavaScript, and the web app.
 * The product is measured as it runs in production, on the compiled build under plain node.
 */
export function buildProduct(): void {
  execFileSync('npm', ['run', 'build', '--silent'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The product from its build (see buildProduct), as `npm start` runs it. */
export async function startProduct(env: Record<string, string>): Promise<Started> {
  // A free port, not a fixed one: on a shared machine a fixed port may answer for someone else.
  const port = await freePort();
  return spawnAndWait(
    [...COMPILED_SERVER],
    { HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    (p) => `http://127.0.0.1:${p}/api/health`,
    port,
  );
}

/** The framework's best on this machine: bare Fastify under plain node, no loader. */
export async function startCeiling(): Promise<Started> {
  const port = await freePort();
  return spawnAndWait(['bench/ceiling-server.mjs'], {}, (p) => `http://127.0.0.1:${p}/`, port);
}

/** Signs in through the real auth endpoint and returns the session cookie. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  shareOfCeiling?: number;
  /** The share in each round, when an endpoint was measured in several. */
  sharesOfCeiling?: number[];
}

export async function measure(
  name: string,
  options: autocannon.Options,
  seconds: number,
  warmupSeconds: number,
): Promise<Measurement> {
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: Measurement[]): void {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'of ceiling'];
  const body = rows.map((r) => [
    r.name,
    String(r.requestsPerSecond),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    String(r.non2xx),
    r.shareOfCeiling === undefined ? '' : `${Math.round(r.shareOfCeiling * 100)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

export function writeResults(name: string, data: unknown): string {
  const dir = path.join(repoRoot, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
