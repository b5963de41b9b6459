import { readDate } from '../../db/dialect.ts';

export interface TimedMessage {
  conversationId: string;
  senderId: string;
  createdAt: Date | string;
}

/**
 * How long the seller took to answer, once for each time a buyer waited: from the buyer's first
 * message after the seller's last one (or the start) to the seller's next message in that
 * conversation. A buyer writing three lines in a row waited once, from the first; a wait the
 * seller has not answered yet is not counted. Messages come in each conversation's order.
 */
export function replyWaits(messages: readonly TimedMessage[], sellerId: string): number[] {
  const waits: number[] = [];
  let conversation: string | null = null;
  let waitingSince: number | null = null;
  for (const message of messages) {
    if (message.conversationId !== conversation) {
      conversation = message.conversationId;
      waitingSince = null;
    }
    const at = readDate(message.createdAt).getTime();
    if (message.senderId === sellerId) {
      if (waitingSince !== null) waits.push(at - waitingSince);
      waitingSince = null;
    } else {
      waitingSince ??= at;
    }
  }
  return waits;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
