import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface WriteTarget {
  kind: 'booking' | 'wishlist';
  productId: string;
}

/** Product ids a buyer may book: listings of the bulk sellers, read straight from the file. */
export function bookableProductIds(dataDir: string, limit: number): string[] {
  const db = new SQLite(path.join(dataDir, 'marketplace.db'), { readonly: true });
  try {
    return db
      .prepare(
        `select p.id from products p join users u on u.id = p."sellerId"
         where u.email like '%@bulk.example.com' order by p.id limit ?`,
      )
      .all(limit)
      .map((row) => (row as { id: string }).id);
  } finally {
    db.close();
  }
}

/**
 * Runs `concurrency` writers that book and wish-list distinct products until `stop()` resolves;
 * returns the writes the server answered with 2xx.
 */
export async function writeUntil(
  url: string,
  cookie: string,
  productIds: string[],
  concurrency: number,
  stop: Promise<unknown>,
): Promise<{ acknowledged: WriteTarget[]; failed: number; serverErrors: number }> {
  const acknowledged: WriteTarget[] = [];
  let next = 0;
  let stopped = false;
  let failed = 0;
  let serverErrors = 0;
  void stop.then(() => (stopped = true));
  const headers = { cookie, 'content-type': 'application/json', origin: url };

  async function writer(): Promise<void> {
    while (!stopped && next < productIds.length * 2) {
      const i = next++;
      const target: WriteTarget = {
        kind: i % 2 === 0 ? 'booking' : 'wishlist',
        productId: productIds[Math.floor(i / 2)]!,
      };
      const body =
        target.kind === 'booking'
          ? { productId: target.productId, phone: '+15550123', location: 'Dhaka' }
          : { productId: target.productId };
      try {
        const res = await fetch(
          `${url}/api/${target.kind === 'booking' ? 'booking' : 'wish-list'}`,
          {
            method: 'POST',
            headers,
            body: JSON.stringify(body),
          },
        );
        await res.arrayBuffer();
        if (res.ok) acknowledged.push(target);
        else if (res.status >= 500) serverErrors++;
        else failed++;
      } catch {
        // The connection died with the server: this write was never acknowledged.
        failed++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, writer));
  return { acknowledged, failed, serverErrors };
}

/** Resident memory of a process in bytes (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}
