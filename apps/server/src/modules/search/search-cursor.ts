import { badRequest } from '../../lib/errors.ts';
import { SignedValues } from '../../lib/signed-values.ts';
import type { SearchAfter, SearchOrder } from './search.repository.ts';

export const INVALID_CURSOR_MESSAGE = 'This page link is not valid';

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
      typeof parsed[2] !== 'string'
    ) {
      throw badRequest(INVALID_CURSOR_MESSAGE);
    }
    return { key: parsed[1], id: parsed[2] };
  }
}
