import { badRequest } from '../../lib/errors.ts';
import { SignedValues } from '../../lib/signed-values.ts';

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
  private readonly values: SignedValues;

  constructor(secret: string) {
    this.values = new SignedValues(secret, 'message-cursor');
  }

  issue(conversationId: string, after: MessagePosition): string {
    return this.values.issue([conversationId, after.createdAt, after.id]);
  }

  /** The position a cursor names; 400 for anything not issued here for this conversation. */
  read(cursor: string, conversationId: string): MessagePosition {
    const parsed = this.values.read(cursor);
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 3 ||
      parsed[0] !== conversationId ||
      typeof parsed[1] !== 'string' ||
      Number.isNaN(Date.parse(parsed[1])) ||
      typeof parsed[2] !== 'string'
    ) {
      throw badRequest('common.pageLink');
    }
    return { createdAt: parsed[1], id: parsed[2] };
  }
}
