/**
 * Messaging figures for bench:api: sending messages (req/s, p99), and 1,000 open event streams
 * on one instance with messages flowing (server memory per stream, delivery p99).
 *
 * A user may send 30 messages a minute, so the senders are many: pairs of a buyer and a seller,
 * each pair in a conversation about one listing, written straight to the database before the
 * run. They sign in through the real endpoint, from several loopback addresses (sign-ins are
 * limited per address).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { valueWriters } from '../apps/server/src/db/dialect.ts';
import { insertUserWithPassword } from '../apps/server/src/modules/accounts/accounts.repository.ts';
import { measure, type Measurement, type Started } from './lib.ts';

const PASSWORD = 'bench-pass-1';

interface Party {
  id: string;
  email: string;
  cookie: string;
}

export interface MessagingPair {
  conversationId: string;
  buyer: Party;
  seller: Party;
}

/** `count` buyer–seller pairs, each with a listing and a conversation about it. */
async function insertPairs(env: Record<string, string>, count: number) {
  const handle = openDatabase({
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    sqliteFile: path.join(env.DATA_DIR!, 'marketplace.db'),
  });
  const db = handle.db;
  try {
    const w = valueWriters(db);
    const now = w.date(new Date());
    const run = crypto.randomBytes(3).toString('hex');
    // One real hash, shared by every bench account: hashing hundreds would take most of a minute.
    const firstId = await insertUserWithPassword(db, {
      name: 'Bench first',
      email: `bench-${run}-first@example.test`,
      password: PASSWORD,
      phone: '+15550100',
      role: 'buyer',
      isVerifiedUser: false,
    });
    const { password } = await db
      .selectFrom('accounts')
      .select('password')
      .where('userId', '=', firstId)
      .executeTakeFirstOrThrow();
    const user = (role: 'buyer' | 'seller', i: number) => ({
      id: crypto.randomUUID(),
      name: `Bench ${role} ${i}`,
      email: `bench-${run}-${role}-${i}@example.test`,
      emailVerified: w.bool(true),
      image: null,
      createdAt: now,
      updatedAt: now,
      phone: '+15550100',
      role,
      isVerifiedUser: w.bool(role === 'seller'),
    });
    const buyers = Array.from({ length: count }, (_, i) => user('buyer', i));
    const sellers = Array.from({ length: count }, (_, i) => user('seller', i));
    const everyone = [...buyers, ...sellers];
    await db.insertInto('users').values(everyone).execute();
    await db
      .insertInto('accounts')
      .values(
        everyone.map((u) => ({
          id: crypto.randomUUID(),
          accountId: u.id,
          providerId: 'credential',
          userId: u.id,
          password,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    const products = sellers.map((s, i) => ({
      id: crypto.randomUUID(),
      sellerId: s.id,
      category: 'iPhone',
      name: `Bench phone ${i}`,
      imgUrl: '/demo/iphone-2.webp',
      originalPriceCents: 80_000,
      resellPriceCents: 50_000,
      yearOfPurchase: 2022,
      condition: 'good' as const,
      description: '',
      location: 'Dhaka',
      advertised: w.bool(false),
      postedAt: now,
    }));
    await db.insertInto('products').values(products).execute();
    const conversations = products.map((p, i) => ({
      id: crypto.randomUUID(),
      productId: p.id,
      buyerId: buyers[i]!.id,
      sellerId: p.sellerId,
      productName: p.name,
      productImage: p.imgUrl,
      createdAt: now,
      updatedAt: now,
    }));
    await db.insertInto('conversations').values(conversations).execute();
    return conversations.map((c, i) => ({
      conversationId: c.id,
      buyer: { id: buyers[i]!.id, email: buyers[i]!.email },
      seller: { id: sellers[i]!.id, email: sellers[i]!.email },
    }));
  } finally {
    await handle.close();
  }
}

/** A request from a chosen loopback address (the server limits sign-ins per address). */
function request(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: string; from: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method,
        headers: options.headers,
        localAddress: options.from,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function signInFrom(url: string, email: string, from: string): Promise<string> {
  const res = await request(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
    from,
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${res.body}`);
  const cookies = res.headers['set-cookie'] ?? [];
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

/** Pairs ready to write: in the database, signed in. */
export async function preparePairs(
  product: Started,
  env: Record<string, string>,
  count: number,
): Promise<MessagingPair[]> {
  const rows = await insertPairs(env, count);
  const pairs: MessagingPair[] = [];
  let signIns = 0;
  // 25 sign-ins per loopback address, under the limit of 30 a minute.
  const from = () => `127.0.0.${1 + Math.floor(signIns++ / 25)}`;
  for (const row of rows) {
    const buyerCookie = await signInFrom(product.url, row.buyer.email, from());
    const sellerCookie = await signInFrom(product.url, row.seller.email, from());
    pairs.push({
      conversationId: row.conversationId,
      buyer: { ...row.buyer, cookie: buyerCookie },
      seller: { ...row.seller, cookie: sellerCookie },
    });
  }
  return pairs;
}

/**
 * POST /api/conversations/{id}/messages at full speed, each request from the next sender in
 * turn (both parties of every pair), so that no sender nears 30 messages a minute.
 */
export async function measureSending(
  product: Started,
  pairs: readonly MessagingPair[],
  base: Partial<autocannon.Options>,
  seconds: number,
): Promise<Measurement> {
  const senders = pairs.flatMap((p) => [
    { cookie: p.buyer.cookie, conversationId: p.conversationId },
    { cookie: p.seller.cookie, conversationId: p.conversationId },
  ]);
  let next = 0;
  return measure(
    `POST /api/conversations/:id/messages (writes, ${senders.length} senders)`,
    {
      ...base,
      url: `${product.url}/api/conversations`,
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => {
            const sender = senders[next++ % senders.length]!;
            return {
              ...req,
              path: `/api/conversations/${sender.conversationId}/messages`,
              headers: {
                ...req.headers,
                cookie: sender.cookie,
                origin: product.url,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ text: `Is it still available? ${next}` }),
            };
          },
        },
      ],
    },
    seconds,
    0,
  );
}

/** The resident memory of a process, in bytes (Linux). */
function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface StreamFigures {
  streams: number;
  memoryPerStreamKb: number;
  messages: number;
  deliveries: number;
  deliveryP50: number;
  deliveryP99: number;
  deliveryMax: number;
  /** From the moment the sender had its answer (201) to the arrival. */
  afterAnswerP99: number;
  missed: number;
}

/**
 * Opens `streams` event streams (spread over the pairs' parties, several tabs each), measures
 * the server's memory before and after, then sends `messages` messages at a steady pace and
 * times each one from its request to its arrival on every stream of both parties.
 */
export async function measureStreams(
  product: Started,
  pairs: readonly MessagingPair[],
  streams: number,
  messages: number,
  perSecond: number,
): Promise<StreamFigures> {
  const parties = pairs.flatMap((p) => [p.buyer, p.seller]);
  await settle(1000);
  const before = residentBytes(product.child.pid!);

  const sentAt = new Map<string, number>();
  const arrivals: Array<{ token: string; at: number }> = [];
  const clients: http.ClientRequest[] = [];
  const expected = new Map<string, number>();
  const tabsOf = new Map<string, number>();
  let opened = 0;
  const open = (party: Party) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(
        `${product.url}/api/events`,
        { headers: { cookie: party.cookie, accept: 'text/event-stream' }, agent: false },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const token = /"text":"Bench (\d+)"/.exec(frame)?.[1];
              if (!token || !frame.includes('event: message')) continue;
              arrivals.push({ token, at: performance.now() });
            }
          });
          opened++;
          resolve();
        },
      );
      req.on('error', reject);
      clients.push(req);
    });
  for (let i = 0; i < streams; i++) {
    const party = parties[i % parties.length]!;
    tabsOf.set(party.id, (tabsOf.get(party.id) ?? 0) + 1);
    await open(party);
  }
  await settle(2000);
  const after = residentBytes(product.child.pid!);

  // Steady traffic: each message from the next pair, alternating who writes.
  const ackedAt = new Map<string, number>();
  const writes: Array<Promise<void>> = [];
  for (let n = 0; n < messages; n++) {
    const pair = pairs[n % pairs.length]!;
    const sender = Math.floor(n / pairs.length) % 2 === 0 ? pair.buyer : pair.seller;
    const token = String(n);
    expected.set(token, (tabsOf.get(pair.buyer.id) ?? 0) + (tabsOf.get(pair.seller.id) ?? 0));
    sentAt.set(token, performance.now());
    writes.push(
      fetch(`${product.url}/api/conversations/${pair.conversationId}/messages`, {
        method: 'POST',
        headers: { cookie: sender.cookie, origin: product.url, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Bench ${token}` }),
      }).then(async (res) => {
        await res.arrayBuffer();
        ackedAt.set(token, performance.now());
        if (res.status !== 201) throw new Error(`send: ${res.status}`);
      }),
    );
    await settle(1000 / perSecond);
  }
  await Promise.all(writes);
  await settle(2000);
  for (const req of clients) req.destroy();

  const want = [...expected.values()].reduce((a, b) => a + b, 0);
  const fromSend = arrivals.map((a) => a.at - sentAt.get(a.token)!).sort((a, b) => a - b);
  // An event may arrive before its request's answer: the wake comes right after the commit.
  const fromAnswer = arrivals
    .map((a) => Math.max(0, a.at - ackedAt.get(a.token)!))
    .sort((a, b) => a - b);
  const at = (sorted: number[], q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    streams: opened,
    memoryPerStreamKb: Math.round((after - before) / opened / 102.4) / 10,
    messages,
    deliveries: arrivals.length,
    deliveryP50: at(fromSend, 0.5),
    deliveryP99: at(fromSend, 0.99),
    deliveryMax: Math.round(fromSend.at(-1) ?? 0),
    afterAnswerP99: at(fromAnswer, 0.99),
    missed: want - arrivals.length,
  };
}

export function printStreamFigures(f: StreamFigures): void {
  console.log(
    `\n${f.streams} open event streams on one instance: ${f.memoryPerStreamKb} KB of server memory per stream;` +
      ` ${f.messages} messages delivered ${f.deliveries} times (each to every tab of both parties),` +
      ` ${f.missed} missed; from send to arrival p50 ${f.deliveryP50} ms, p99 ${f.deliveryP99} ms,` +
      ` max ${f.deliveryMax} ms; from the sender's answer to arrival p99 ${f.afterAnswerP99} ms`,
  );
}
