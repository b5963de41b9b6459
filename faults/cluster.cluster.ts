import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../apps/server/src/modules/demo/demo-data.ts';
import { signIn } from '../bench/lib.ts';
import { startServer, type RunningServer } from '../e2e/harness.ts';
import {
  createPostgresDatabase,
  type PostgresDatabase,
} from '../apps/server/test/helpers/postgres-database.ts';
import { startLocalBucket, type LocalBucket } from '../apps/server/test/helpers/local-bucket.ts';
import { startLocalPostgres, type LocalPostgres } from '../scripts/lib/local-postgres.mjs';
import { findOrStartRedis, type LocalRedis } from '../scripts/lib/local-redis.mjs';
import { EventStreamClient } from '../apps/server/test/helpers/event-stream.ts';

let postgres: LocalPostgres | undefined;
let database: PostgresDatabase;
// Known before the tests are named: with Redis the instances share counters, without they do not.
const redis: LocalRedis = await findOrStartRedis();
let bucket: LocalBucket;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  // The test runner hands its PostgreSQL over; run alone, the test starts one of its own.
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    postgres = await startLocalPostgres();
    adminUrl = postgres.url;
  }
  database = await createPostgresDatabase(adminUrl, 'market_cluster');
  console.log(`Redis for the rate limits: ${redis.url ? `${redis.url}, ` : ''}${redis.source}`);
  bucket = await startLocalBucket();
  // Both instances share the database, the bucket, the secret and Redis; nothing else.
  const shared = {
    DATABASE_URL: database.url,
    SEED_DEMO: 'true',
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    REDIS_URL: redis.url ?? '',
    TRUST_PROXY: 'true',
    ...bucket.env,
  };
  a = await startServer(shared);
  b = await startServer(shared);
});

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await bucket?.close();
  await redis?.stop();
  await database?.drop();
  await postgres?.destroy();
});

async function me(server: RunningServer, cookie: string): Promise<number> {
  return (await fetch(`${server.url}/api/me`, { headers: { cookie } })).status;
}

async function eventually(check: () => Promise<boolean>, seconds: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not true within ${seconds} s`);
}

/** Same-site requests from the instance's own origin, as a browser would send them. */
function post(server: RunningServer, path: string, cookie: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
}

describe('two instances behind one database and one bucket', () => {
  it('a session made on one instance is valid on the other', async () => {
    const cookie = await signIn(a.url, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password);
    expect(await me(a, cookie)).toBe(200);
    const res = await fetch(`${b.url}/api/me`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(DEMO_ACCOUNTS.buyer.email);
  });

  it('an image uploaded through one instance is served by the other', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'phone.png');
    const upload = await fetch(`${a.url}/api/images`, { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const { data } = (await upload.json()) as { data: { url: string } };
    const fromA = await fetch(`${a.url}${data.url}`);
    const fromB = await fetch(`${b.url}${data.url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });

  it('a log-out on one instance ends the session on the other within seconds', async () => {
    const cookie = await signIn(b.url, DEMO_ACCOUNTS.seller.email, DEMO_ACCOUNTS.seller.password);
    expect(await me(a, cookie)).toBe(200);
    expect(await me(b, cookie)).toBe(200);
    expect((await post(b, '/api/auth/sign-out', cookie)).status).toBe(200);
    expect(await me(b, cookie)).toBe(401);
    const took = await eventually(async () => (await me(a, cookie)) === 401, 10);
    console.log(`log-out reached the other instance after ${took} ms`);
  });

  it("an admin's deletion on one instance ends the user's session on the other", async () => {
    const email = `cluster-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const signUp = await fetch(`${a.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: a.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Cluster Buyer',
        email,
        password: 'cluster-pass-1',
        phone: '+15550999',
        role: 'buyer',
      }),
    });
    expect(signUp.status).toBe(200);
    const buyerCookie = await signIn(b.url, email, 'cluster-pass-1');
    expect(await me(b, buyerCookie)).toBe(200);

    const adminCookie = await signIn(
      a.url,
      DEMO_ACCOUNTS.admin.email,
      DEMO_ACCOUNTS.admin.password,
    );
    const del = await fetch(`${a.url}/api/all-sellers/${encodeURIComponent(email)}`, {
      method: 'DELETE',
      headers: { cookie: adminCookie, origin: a.url },
    });
    expect(del.status).toBe(200);
    const took = await eventually(async () => (await me(b, buyerCookie)) === 401, 10);
    console.log(`deletion reached the other instance after ${took} ms`);
  });

  /**
   * Sign-in attempts with a wrong password from one client address of their own (as a load
   * balancer forwards it), alternating between the instances, starting with `a`: their statuses.
   */
  function oneClient() {
    const client = `203.0.113.${1 + crypto.randomInt(250)}`;
    const email = `nobody-${crypto.randomBytes(3).toString('hex')}@example.com`;
    return async (servers: RunningServer[]): Promise<number[]> => {
      const statuses: number[] = [];
      for (const server of servers) {
        const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: {
            origin: server.url,
            'content-type': 'application/json',
            'x-forwarded-for': client,
          },
          body: JSON.stringify({ email, password: 'wrong-password' }),
        });
        statuses.push(res.status);
      }
      return statuses;
    };
  }

  it("a message sent through one instance reaches the other party's stream on the other within a second", async () => {
    const buyerCookie = await signIn(
      a.url,
      DEMO_ACCOUNTS.buyer.email,
      DEMO_ACCOUNTS.buyer.password,
    );
    const sellerCookie = await signIn(
      b.url,
      DEMO_ACCOUNTS.seller.email,
      DEMO_ACCOUNTS.seller.password,
    );
    const listings = await fetch(
      `${b.url}/api/my-products?email=${encodeURIComponent(DEMO_ACCOUNTS.seller.email)}`,
      { headers: { cookie: sellerCookie } },
    );
    const products = (await listings.json()) as Array<{ _id: string; status: string }>;
    const product = products.find((p) => p.status === 'available');
    expect(product).toBeDefined();

    const stream = await EventStreamClient.open(`${b.url}/api/events`, { cookie: sellerCookie });
    try {
      expect(stream.status).toBe(200);
      await stream.until(() => stream.retry !== null);
      const text = `Across instances ${crypto.randomBytes(3).toString('hex')}`;
      const started = Date.now();
      const sent = await post(a, '/api/conversations', buyerCookie, {
        productId: product!._id,
        text,
      });
      expect([200, 201]).toContain(sent.status);
      const { message } = (await sent.json()) as { message: { _id: string } };
      await stream.until(
        (events) => events.some((e) => e.event === 'message' && e.data.includes(message._id)),
        5000,
      );
      const took = Date.now() - started;
      console.log(`a message reached the other instance's stream after ${took} ms`);
      expect(took).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  if (redis.url) {
    it('rate limits count requests to both instances together', async () => {
      // Five sign-in attempts a minute per address and account: each instance saw only three,
      // yet the sixth attempt is refused because both count in the same Redis.
      expect(await oneClient()([a, b, a, b, a, b])).toEqual([401, 401, 401, 401, 401, 429]);
    });
  } else {
    it('without Redis, each instance counts rate limits on its own', async () => {
      const attempts = oneClient();
      // Three attempts on each instance pass; three more on one of them reach its limit of five.
      expect(await attempts([a, b, a, b, a, b])).toEqual([401, 401, 401, 401, 401, 401]);
      expect(await attempts([a, a, a])).toEqual([401, 401, 429]);
    });
  }
});
