import { beforeAll, describe, expect, it } from 'vitest';
import { CardCache } from '../src/modules/search/search-cards.ts';
import { findCardViews } from '../src/modules/search/search.repository.ts';
import { useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { insertCategories, insertProducts } from './helpers/market.ts';

/*
 * Result cards not kept in memory are read from the database (search-cards.ts). Searches that
 * need the same card at the same time share one read; a read keeps its cards unless their
 * document or seller was dropped while it ran (a bulk import drops cards every few milliseconds).
 */
const t = useTestApp();
let sellerA: TestUser;
let sellerB: TestUser;
/** Docids of seller A's listings (three) and of seller B's (one). */
let ofA: number[];
let ofB: number;

/**
 * Reads cards as the server does, counting the reads and the docids each answered; a read it is
 * told to hold has read its rows (the database is free again) and answers them once released,
 * and a read it is told to fail throws.
 */
class CardReads {
  readonly reads: number[][] = [];
  private readonly gates: Array<Promise<void> | 'fail' | undefined> = [];

  /** The read numbered `read` (from 0) answers once the returned function is called. */
  hold(read: number): () => void {
    let release = () => {};
    this.gates[read] = new Promise<void>((resolve) => (release = resolve));
    return release;
  }

  fail(read: number): void {
    this.gates[read] = 'fail';
  }

  readonly read: typeof findCardViews = async (db, docids) => {
    const n = this.reads.length;
    this.reads.push([]);
    const gate = this.gates[n];
    if (gate === 'fail') throw new Error('the database went away');
    const rows = await findCardViews(db, docids);
    this.reads[n] = rows.map((row) => Number(row.docid));
    if (gate) await gate;
    return rows;
  };

  /** A cache that reads through it. */
  cache(): CardCache {
    return new CardCache(undefined, this.read);
  }
}

async function docidOf(product: string): Promise<number> {
  const row = await t.app.db
    .selectFrom('search_docs')
    .select('docid')
    .where('product', '=', product)
    .executeTakeFirstOrThrow();
  return Number(row.docid);
}

/** Changes what the listing's card shows (its original price) and not its document. */
async function reprice(docid: number, dollars: number): Promise<void> {
  const { product } = await t.app.db
    .selectFrom('search_docs')
    .select('product')
    .where('docid', '=', docid)
    .executeTakeFirstOrThrow();
  await t.app.db
    .updateTable('products')
    .set({ originalPriceCents: dollars * 100 })
    .where('id', '=', product)
    .execute();
}

/** Each card's name and original price. */
function names(cards: Map<number, Buffer>): Record<number, string> {
  return Object.fromEntries(
    [...cards].map(([docid, json]) => {
      const card = JSON.parse(json.toString()) as { name: string; originalPrice: number };
      return [docid, `${card.name} ${card.originalPrice}`];
    }),
  );
}

/** Waits until `count` reads have read their rows (the database answers on its own time). */
async function settle(reads: CardReads, count: number): Promise<void> {
  const done = () => reads.reads.filter((r) => r.length > 0).length >= count;
  for (let i = 0; i < 400 && !done(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(done()).toBe(true);
}

/**
 * A cache whose first read, of `docids`, has read its rows and waits to answer them: the
 * search that asked for them is `first`, answered once `release` is called.
 */
async function firstReadHeld(docids: number[]) {
  const reads = new CardReads();
  const db = t.app.db;
  const cache = reads.cache();
  const release = reads.hold(0);
  const first = cache.get(db, docids);
  await settle(reads, 1);
  return { reads, db, cache, release, first };
}

beforeAll(async () => {
  await insertCategories(t);
  sellerA = await createUser(t, { role: 'seller' });
  sellerB = await createUser(t, { role: 'seller' });
  ofA = await Promise.all((await insertProducts(t, sellerA.id, 3)).map(docidOf));
  const [product] = await insertProducts(t, sellerB.id, 1);
  ofB = await docidOf(product!);
});

describe('result cards read from the database', () => {
  it('reads a card once for searches that need it at the same time, and keeps it', async () => {
    const [d1, d2, d3] = ofA as [number, number, number];
    const { reads, db, cache, release, first } = await firstReadHeld([d1, d2]);
    const second = cache.get(db, [d2, d3]);
    await settle(reads, 2);
    release();
    const [a, b] = await Promise.all([first, second]);
    // The second search read only the card the first was not reading.
    expect(reads.reads).toEqual([[d1, d2], [d3]]);
    expect(names(a)).toEqual({ [d1]: 'Bulk phone 0 500', [d2]: 'Bulk phone 1 500.01' });
    expect(names(b)).toEqual({ [d2]: 'Bulk phone 1 500.01', [d3]: 'Bulk phone 2 500.02' });
    // Kept: a third search reads nothing.
    expect(names(await cache.get(db, [d3, d1]))).toEqual({
      [d3]: 'Bulk phone 2 500.02',
      [d1]: 'Bulk phone 0 500',
    });
    expect(reads.reads).toHaveLength(2);
  });

  it('keeps a read’s cards but the one dropped while it ran', async () => {
    const [d1, d2] = ofA as [number, number];
    const { reads, db, cache, release, first } = await firstReadHeld([d1, d2]);
    // A write the log names while the read's rows are on their way.
    await reprice(d1, 777);
    cache.drop(d1);
    release();
    expect(names(await first)).toEqual({ [d1]: 'Bulk phone 0 500', [d2]: 'Bulk phone 1 500.01' });
    // The next search reads the dropped card again, and only it.
    expect(names(await cache.get(db, [d1, d2]))).toEqual({
      [d1]: 'Bulk phone 0 777',
      [d2]: 'Bulk phone 1 500.01',
    });
    expect(reads.reads).toEqual([[d1, d2], [d1]]);
    await reprice(d1, 500);
  });

  it('does not give a search that began after a drop the card of a read begun before it', async () => {
    const [d1] = ofA as [number];
    const { reads, db, cache, release, first } = await firstReadHeld([d1]);
    await reprice(d1, 888);
    cache.drop(d1);
    const second = await cache.get(db, [d1]);
    expect(names(second)).toEqual({ [d1]: 'Bulk phone 0 888' });
    release();
    expect(names(await first)).toEqual({ [d1]: 'Bulk phone 0 500' });
    expect(reads.reads).toEqual([[d1], [d1]]);
    // The second read's card is kept; the first's, read before the drop, did not replace it.
    expect(names(await cache.get(db, [d1]))).toEqual({ [d1]: 'Bulk phone 0 888' });
    expect(reads.reads).toHaveLength(2);
    await reprice(d1, 500);
  });

  it('keeps none of a seller’s cards read while the seller’s cards were dropped', async () => {
    const [d1] = ofA as [number];
    const { reads, db, cache, release, first } = await firstReadHeld([d1, ofB]);
    // Seller A's listing changes while the read is under way, and the seller's cards are dropped.
    await reprice(d1, 999);
    cache.dropSellers(new Set([sellerA.id]));
    // A search that began after the drop reads seller A's card itself.
    expect(names(await cache.get(db, [d1]))).toEqual({ [d1]: 'Bulk phone 0 999' });
    release();
    await first;
    reads.reads.length = 0;
    // Seller B's card was kept from the first read; seller A's from the second, not replaced by
    // the first's, read before the drop.
    expect(names(await cache.get(db, [d1, ofB]))).toEqual({
      [d1]: 'Bulk phone 0 999',
      [ofB]: 'Bulk phone 0 500',
    });
    expect(reads.reads).toEqual([]);
    cache.dropSellers(new Set([sellerA.id]));
    await cache.get(db, [d1, ofB]);
    expect(reads.reads).toEqual([[d1]]);
    await reprice(d1, 500);
  });

  it('fails each search waiting for a read that fails, and reads again for the next', async () => {
    const [d1, d2] = ofA as [number, number];
    const reads = new CardReads();
    const db = t.app.db;
    const cache = reads.cache();
    reads.fail(0);
    const first = cache.get(db, [d1, d2]);
    const second = cache.get(db, [d2]);
    await expect(first).rejects.toThrow('the database went away');
    await expect(second).rejects.toThrow('the database went away');
    expect(reads.reads).toHaveLength(1);
    expect(names(await cache.get(db, [d2]))).toEqual({ [d2]: 'Bulk phone 1 500.01' });
    // The failed read answered nothing; the next read only what its search asked.
    expect(reads.reads).toEqual([[], [d2]]);
  });

  it('answers no card for a listing no longer on show', async () => {
    const [, , d3] = ofA as [number, number, number];
    const reads = new CardReads();
    const cache = reads.cache();
    const gone = Math.max(...ofA, ofB) + 1_000;
    expect(names(await cache.get(t.app.db, [gone, d3]))).toEqual({ [d3]: 'Bulk phone 2 500.02' });
    // Asked again, it is read again: nothing was kept for it.
    await cache.get(t.app.db, [gone]);
    expect(reads.reads).toEqual([[d3], []]);
  });
});
