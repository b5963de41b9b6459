import crypto from 'node:crypto';
import { badRequest } from '../../lib/errors.ts';
import type { SearchAfter, SearchOrder } from './search.repository.ts';

export const INVALID_CURSOR_MESSAGE = 'This page link is not valid';

/**
 * Opaque keyset cursors: the order, the last row's sort key and id, signed with a key derived
 * from the auth secret. A cursor the server did not issue is refused before any query runs.
 */
export class SearchCursors {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('search-cursor').digest();
  }

  private sign(payload: string): string {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }

  issue(order: SearchOrder, after: SearchAfter): string {
    const payload = Buffer.from(JSON.stringify([order, after.key, after.id])).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The position a cursor names; 400 for anything not issued here for this order. */
  read(cursor: string, order: SearchOrder): SearchAfter {
    const [payload, signature, ...rest] = cursor.split('.');
    if (!payload || !signature || rest.length > 0) throw badRequest(INVALID_CURSOR_MESSAGE);
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      throw badRequest(INVALID_CURSOR_MESSAGE);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw badRequest(INVALID_CURSOR_MESSAGE);
    }
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
