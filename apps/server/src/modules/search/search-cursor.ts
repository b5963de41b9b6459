import { badRequest } from '../../lib/errors.ts';
import { SignedValues } from '../../lib/signed-values.ts';
import { readRankKey } from './search-rank-key.ts';
import type { SearchAfter, SearchOrder } from './search-engine.ts';

const isWhole = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);

/** Whether a key has the shape its order gives (one issued before a change of shape has not). */
function keyFits(order: SearchOrder, key: number | string, id: string): boolean {
  switch (order) {
    case 'relevance':
      return readRankKey(key) !== null;
    case 'newest':
      return isWhole(key);
    case 'price_asc':
    case 'price_desc':
    case 'distance':
      return isWhole(key) && /^\d{1,16}$/.test(id);
  }
}

/**
 * Opaque keyset cursors: the order, the last row's sort key and id, signed with a key derived
 * from the auth secret. A cursor the server did not issue is refused before any query runs.
 */
export class SearchCursors {
  private readonly values: SignedValues;

  constructor(secret: string) {
    this.values = new SignedValues(secret, 'search-cursor');
  }

  issue(order: SearchOrder, after: SearchAfter): string {
    return this.values.issue([order, after.key, after.id]);
  }

  /** The position a cursor names; 400 for anything not issued here for this order. */
  read(cursor: string, order: SearchOrder): SearchAfter {
    const parsed = this.values.read(cursor);
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 3 ||
      parsed[0] !== order ||
      !(typeof parsed[1] === 'number' || typeof parsed[1] === 'string') ||
      typeof parsed[2] !== 'string' ||
      !keyFits(order, parsed[1], parsed[2])
    ) {
      throw badRequest('common.pageLink');
    }
    return { key: parsed[1], id: parsed[2] };
  }
}
