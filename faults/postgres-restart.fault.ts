import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/modules/demo/demo-data.ts';
import { prepareDatabase, signIn, type ProductDatabase } from '../bench/lib.ts';
import { startServer, type RunningServer } from '../e2e/harness.ts';
import { startLocalPostgres, type LocalPostgres } from '../scripts/lib/local-postgres.mjs';
import { writeUntil } from './load.ts';

/** A PostgreSQL server of this test's own, so that restarting it disturbs nothing else. */
let cluster: LocalPostgres | undefined;
let database: ProductDatabase | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  await database?.destroy().catch(() => {});
  await cluster?.destroy();
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

describe('a PostgreSQL restart under load', () => {
  it('answers 503 while the database is down, recovers by itself, and keeps answered writes', async () => {
    // Durable, as a production server is: what it acknowledged must survive the restart.
    cluster = await startLocalPostgres({ durable: true });
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
    await cluster.stop();
    await waitForHealth(server.url, 503, 15_000).catch((err: unknown) => {
      throw new Error(`${String(err)}\nserver log:\n${server!.logs.join('').slice(-3000)}`);
    });
    await new Promise((r) => setTimeout(r, 1_000));
    await cluster.start();
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
