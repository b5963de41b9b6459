import type { Kysely } from 'kysely';
import { productSchema } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { boundedCache, stringBytes } from '../../lib/bounded-cache.ts';
import { toProduct, type ProductViewRow } from '../products/public.ts';
import { findCardViews } from './search.repository.ts';

type Db = Kysely<Database>;

/**
 * A result card as the API sends it: the product through the route's own schema, as JSON in
 * UTF-8. A search answer is these bytes in an array, so a kept card is not made, checked or
 * encoded again.
 */
function cardJson(row: ProductViewRow): Buffer {
  return Buffer.from(JSON.stringify(productSchema.parse(toProduct(row))));
}

interface KeptCard {
  seller: string;
  json: Buffer;
}

/** Result cards a server has answered since it started: from memory, or read from the database. */
export interface CardFigures {
  kept: number;
  read: number;
}

const CARDS_KEPT = 20_000;
const CARD_BYTES_KEPT = 64 * 1024 * 1024;

/** A read of cards under way: the documents and sellers whose cards were dropped since it began. */
interface ReadUnderWay {
  docs: Set<number>;
  sellers: Set<string>;
}

/**
 * Cards of results kept in memory beside the search index, dropped by the same log that keeps
 * the index current (search-index-feed.ts): a card changes only through a write the log names.
 *
 * Cards not kept are read from the database, each by one read at a time: a search that needs a
 * card another search is reading waits for that read rather than making its own, unless the
 * card was dropped since that read began (the read may show it as it was). A read's cards are
 * kept unless their document or their seller was dropped while it ran. While a bulk import is
 * applied, drops come every few milliseconds: a drop of any card must not cost every read.
 */
export class CardCache {
  private readonly cards = boundedCache<number, KeptCard>({
    maxEntries: CARDS_KEPT,
    maxBytes: CARD_BYTES_KEPT,
    sizeOf: (card) => 64 + card.json.length + stringBytes(card.seller),
  });
  /** The cards being read, each by one read; a drop takes its card out. */
  private readonly reading = new Map<number, Promise<Buffer | undefined>>();
  /** Reads under way, each with the documents and sellers dropped since it began. */
  private readonly reads = new Set<ReadUnderWay>();

  /**
   * `figures` is shared by the caches of every index a server follows with, one after another;
   * `readCards` reads cards' rows from the database (tests hold its answers).
   */
  constructor(
    private readonly figures: CardFigures = { kept: 0, read: 0 },
    private readonly readCards: typeof findCardViews = findCardViews,
  ) {}

  /** The cards kept, in bytes as their bound counts them. */
  get bytes(): number {
    return this.cards.calculatedSize;
  }

  drop(docid: number): void {
    this.cards.delete(docid);
    this.reading.delete(docid);
    for (const read of this.reads) read.docs.add(docid);
  }

  /**
   * Drops the cards of these sellers (their name or badge changed), in one pass over the kept
   * cards: a page of the log may name a thousand sellers (a bulk import's), and a pass for each
   * held the event loop for hundreds of milliseconds. Reads under way keep none of their cards.
   */
  dropSellers(sellers: ReadonlySet<string>): void {
    if (sellers.size === 0) return;
    const theirs: number[] = [];
    for (const [docid, card] of this.cards.entries()) {
      if (sellers.has(card.seller)) theirs.push(docid);
    }
    for (const docid of theirs) this.cards.delete(docid);
    // A card being read may be one of theirs: it is read again by the next search.
    this.reading.clear();
    for (const read of this.reads) for (const seller of sellers) read.sellers.add(seller);
  }

  /** The cards of these documents still on show; a document gone has none. */
  async get(db: Db, docids: number[]): Promise<Map<number, Buffer>> {
    const out = new Map<number, Buffer>();
    const waiting: Array<[number, Promise<Buffer | undefined>]> = [];
    const missing: number[] = [];
    for (const docid of docids) {
      const card = this.cards.get(docid);
      if (card) {
        out.set(docid, card.json);
        continue;
      }
      const read = this.reading.get(docid);
      if (read) waiting.push([docid, read]);
      else missing.push(docid);
    }
    this.figures.kept += out.size;
    this.figures.read += docids.length - out.size;
    if (missing.length > 0) {
      const read = this.read(db, missing);
      for (const docid of missing) {
        const card = read.then((cards) => cards.get(docid));
        this.reading.set(docid, card);
        const done = () => {
          if (this.reading.get(docid) === card) this.reading.delete(docid);
        };
        card.then(done, done);
        waiting.push([docid, card]);
      }
    }
    const found = await Promise.all(waiting.map(([, card]) => card));
    waiting.forEach(([docid], i) => {
      const json = found[i];
      if (json) out.set(docid, json);
    });
    return out;
  }

  /** One read of these cards from the database; each is kept unless dropped meanwhile. */
  private async read(db: Db, docids: number[]): Promise<Map<number, Buffer>> {
    const read: ReadUnderWay = { docs: new Set(), sellers: new Set() };
    this.reads.add(read);
    try {
      const rows = await this.readCards(db, docids);
      const out = new Map<number, Buffer>();
      for (const row of rows) {
        const docid = Number(row.docid);
        const json = cardJson(row);
        out.set(docid, json);
        if (!read.docs.has(docid) && !read.sellers.has(row.sellerId)) {
          this.cards.set(docid, { seller: row.sellerId, json });
        }
      }
      return out;
    } finally {
      this.reads.delete(read);
    }
  }
}
