import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo-data.ts';
import { prepareDatabase, signIn, type ProductDatabase } from '../bench/lib.ts';
import { startServer, type RunningServer } from '../e2e/harness.ts';
import { writeUntil } from './load.ts';

/** The newest installed PostgreSQL server binaries, if any. */
function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

const bin = postgresBin();
const asRoot = process.getuid?.() === 0;

/** A private PostgreSQL server for this test, so restarting it disturbs nothing else. */
class PrivateCluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-pg-'));
  readonly port = 55_432 + Math.floor(Math.random() * 1000);
  readonly url = `postgres://postgres@127.0.0.1:${this.port}/postgres`;

  private run(tool: string, args: string[]): void {
    const cmd = path.join(bin!, tool);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
    else execFileSync(cmd, args, { stdio: 'pipe' });
  }

  init(): void {
    if (asRoot) execFileSync('chown', ['postgres', this.dir]);
    this.run('initdb', ['-D', path.join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  }

  start(): void {
    this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
      '-w',
      'start',
    ]);
  }

  stop(): void {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      // Already stopped.
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

let cluster: PrivateCluster | undefined;
let database: ProductDatabase | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  await database?.destroy().catch(() => {});
  cluster?.destroy();
});

async function waitForHealth(url: string, status: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  const seen: string[] = [];
  for (;;) {
    const asked = Date.now();
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(
      (err: unknown) => (seen.push(String(err)), null),
    );
    if (res) seen.push(`${res.status} after ${Date.now() - asked} ms`);
    if (res?.status === status) return Date.now() - started;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`health never answered ${status}: ${seen.slice(-5).join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!bin)('a PostgreSQL restart under load', () => {
  it('answers 503 while the database is down, recovers by itself, and keeps answered writes', async () => {
    cluster = new PrivateCluster();
    cluster.init();
    cluster.start();
    process.env.BENCH_DATABASE_URL = cluster.url;
    database = await prepareDatabase('postgres', 5_000);
    server = await startServer(database.env);
    const cookie = await signIn(
      server.url,
      DEMO_ACCOUNTS.buyer.email,
      DEMO_ACCOUNTS.buyer.password,
    );

    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      `select p.id from products p join users u on u.id = p."sellerId"
       where u.email like '%@bulk.example.com' order by p.id limit 5000`,
    );
    await client.end();

    let finish!: () => void;
    const done = new Promise<void>((r) => (finish = r));
    const load = writeUntil(
      server.url,
      cookie,
      rows.map((r) => r.id),
      50,
      done,
    );

    await new Promise((r) => setTimeout(r, 1_500));
    cluster.stop();
    await waitForHealth(server.url, 503, 15_000).catch((err: unknown) => {
      throw new Error(`${String(err)}\nserver log:\n${server!.logs.join('').slice(-3000)}`);
    });
    await new Promise((r) => setTimeout(r, 1_000));
    cluster.start();
    const recoveredAfter = await waitForHealth(server.url, 200, 30_000);
    console.log(`health recovered ${recoveredAfter} ms after the database came back`);
    await new Promise((r) => setTimeout(r, 1_500));
    finish();
    const { acknowledged } = await load;
    expect(acknowledged.length).toBeGreaterThan(20);

    const check = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await check.connect();
    const booked = new Set(
      (await check.query<{ productId: string }>('select "productId" from bookings')).rows.map(
        (r) => r.productId,
      ),
    );
    const wished = new Set(
      (
        await check.query<{ productId: string }>('select "productId" from "wishlistItems"')
      ).rows.map((r) => r.productId),
    );
    await check.end();
    const missing = acknowledged.filter((w) =>
      w.kind === 'booking' ? !booked.has(w.productId) : !wished.has(w.productId),
    );
    expect(missing).toEqual([]);
  });
});
