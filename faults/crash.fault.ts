import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/modules/demo/demo-data.ts';
import { prepareDatabase, signIn, type ProductDatabase } from '../bench/lib.ts';
import { startServer, type RunningServer } from '../e2e/harness.ts';
import { bookableProductIds, writeUntil } from './load.ts';

let database: ProductDatabase | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('a crash under write load (SQLite)', () => {
  it('keeps every acknowledged booking and wishlist write, and the file stays sound', async () => {
    database = await prepareDatabase('sqlite', 5_000);
    const dataDir = database.env.DATA_DIR!;
    const ids = bookableProductIds(dataDir, 5_000);
    server = await startServer(database.env);
    const cookie = await signIn(
      server.url,
      DEMO_ACCOUNTS.buyer.email,
      DEMO_ACCOUNTS.buyer.password,
    );

    // Kill the server in the middle of 200 concurrent writers.
    const crashed = new Promise<void>((resolve) =>
      setTimeout(() => void server!.crash().then(resolve), 2_000),
    );
    const { acknowledged, serverErrors } = await writeUntil(server.url, cookie, ids, 200, crashed);
    expect(acknowledged.length).toBeGreaterThan(50);
    expect(serverErrors).toBe(0);

    // Restart on the same data: every acknowledged write is there.
    server = await startServer({ ...database.env, DATA_DIR: dataDir });
    const cookieAgain = await signIn(
      server.url,
      DEMO_ACCOUNTS.buyer.email,
      DEMO_ACCOUNTS.buyer.password,
    );
    const listAll = async (route: string) => {
      const seen = new Set<string>();
      for (let page = 1; ; page++) {
        const res = await fetch(
          `${server!.url}/api/${route}?email=${DEMO_ACCOUNTS.buyer.email}&limit=100&page=${page}`,
          { headers: { cookie: cookieAgain } },
        );
        expect(res.status).toBe(200);
        const rows = (await res.json()) as Array<{ productId: string | null }>;
        for (const row of rows) if (row.productId) seen.add(row.productId);
        if (rows.length < 100) return seen;
      }
    };
    const booked = await listAll('booking');
    const wished = await listAll('wish-list');
    const missing = acknowledged.filter((w) =>
      w.kind === 'booking' ? !booked.has(w.productId) : !wished.has(w.productId),
    );
    expect(missing).toEqual([]);

    const file = new SQLite(path.join(dataDir, 'marketplace.db'), { readonly: true });
    expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(file.pragma('foreign_key_check')).toEqual([]);
    file.close();
  });
});
