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

/**
 * Cards of results kept in memory beside the search index, dropped by the same log that keeps
 * the index current (search-index-feed.ts): a card changes only through a write the log names.
 */
export class CardCache {
  private readonly cards = boundedCache<number, KeptCard>({
    maxEntries: CARDS_KEPT,
    maxBytes: CARD_BYTES_KEPT,
    sizeOf: (card) => 64 + card.json.length + stringBytes(card.seller),
  });
  /** Counts drops: a card read before a drop and kept after it could be stale. */
  private generation = 0;

  /** `figures` is shared by the caches of every index a server follows with, one after another. */
  constructor(private readonly figures: CardFigures = { kept: 0, read: 0 }) {}

  /** The cards kept, in bytes as their bound counts them. */
  get bytes(): number {
    return this.cards.calculatedSize;
  }

  drop(docid: number): void {
    this.generation++;
    this.cards.delete(docid);
  }

  /**
   * Drops the cards of these sellers (their name or badge changed), in one pass over the kept
   * cards: a page of the log may name a thousand sellers (a bulk import's), and a pass for each
   * held the event loop for hundreds of milliseconds.
   */
  dropSellers(sellers: ReadonlySet<string>): void {
    if (sellers.size === 0) return;
    this.generation++;
    const theirs: number[] = [];
    for (const [docid, card] of this.cards.entries()) {
      if (sellers.has(card.seller)) theirs.push(docid);
    }
    for (const docid of theirs) this.cards.delete(docid);
  }

  async get(db: Db, docids: number[]): Promise<Map<number, Buffer>> {
    const out = new Map<number, Buffer>();
    const missing: number[] = [];
    for (const docid of docids) {
      const card = this.cards.get(docid);
      if (card) out.set(docid, card.json);
      else missing.push(docid);
    }
    this.figures.kept += out.size;
    this.figures.read += missing.length;
    if (missing.length === 0) return out;
    const generation = this.generation;
    const rows = await findCardViews(db, missing);
    const keep = generation === this.generation;
    for (const row of rows) {
      const docid = Number(row.docid);
      const json = cardJson(row);
      out.set(docid, json);
      if (keep) this.cards.set(docid, { seller: row.sellerId, json });
    }
    return out;
  }
}
