import crypto from 'node:crypto';
import { badRequest } from '../../lib/errors.ts';

export const INVALID_CURSOR_MESSAGE = 'This page link is not valid';

/** The last message of a page: the next page holds the messages before it. */
export interface MessagePosition {
  createdAt: string;
  id: string;
}

/**
 * Opaque cursors into a conversation's messages (newest first): the conversation, and the last
 * message's time and id, signed with a key derived from the auth secret. A cursor the server did
 * not issue for this conversation is refused before any query runs.
 */
export class MessageCursors {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('message-cursor').digest();
  }

  private sign(payload: string): string {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }

  issue(conversationId: string, after: MessagePosition): string {
    const payload = Buffer.from(
      JSON.stringify([conversationId, after.createdAt, after.id]),
    ).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The position a cursor names; 400 for anything not issued here for this conversation. */
  read(cursor: string, conversationId: string): MessagePosition {
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
      parsed[0] !== conversationId ||
      typeof parsed[1] !== 'string' ||
      Number.isNaN(Date.parse(parsed[1])) ||
      typeof parsed[2] !== 'string'
    ) {
      throw badRequest(INVALID_CURSOR_MESSAGE);
    }
    return { createdAt: parsed[1], id: parsed[2] };
  }
}
