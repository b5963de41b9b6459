import {
  SCAM_RULES,
  type Conversation,
  type Message,
  type OfferEvent,
  type OfferStep,
  type ScamRule,
} from '@market/shared';
import { centsToDollars } from '../../lib/money.ts';
import { readBool, readDate } from '../../db/dialect.ts';
import { maskContacts } from './contact-masking.ts';
import type { ConversationViewRow, MessageRow } from './conversations.repository.ts';

export type Side = 'buyer' | 'seller';

/** What stands in for a phone number or an email address, in the words of each reader. */
export const HIDDEN_CONTACT: Record<Side, string> = {
  buyer: '[contact details hidden until the seller accepts your booking]',
  seller: "[contact details hidden until you accept this buyer's booking]",
};

/** The reader's side of a conversation, or null for anyone else (who is told it does not exist). */
export function sideOf(
  conversation: { buyerId: string; sellerId: string },
  userId: string,
): Side | null {
  if (conversation.buyerId === userId) return 'buyer';
  if (conversation.sellerId === userId) return 'seller';
  return null;
}

const iso = (value: Date | string) => readDate(value).toISOString();

/** The stored scam flags ("payment_first other_app") as rules; names no longer known are left out. */
export function readScamFlags(flags: string | null): ScamRule[] {
  if (!flags) return [];
  const stored = new Set(flags.split(' '));
  return SCAM_RULES.filter((rule) => stored.has(rule));
}

/** The stored form of a message's scam rules: null for none. */
export function writeScamFlags(rules: readonly ScamRule[]): string | null {
  return rules.length === 0 ? null : rules.join(' ');
}

/**
 * A message as one party reads it: contact details masked until the seller accepted this buyer
 * for this listing (`contactsShown`). Both parties read it masked, so the writer sees what the
 * other party sees. The scam shield's warnings are for the reader only: the writer is not told
 * which words tripped it.
 */
export function toMessage(
  row: MessageRow,
  reader: { id: string; side: Side },
  contactsShown: boolean,
): Message {
  const shown = contactsShown
    ? { text: row.text, masked: false }
    : maskContacts(row.text, HIDDEN_CONTACT[reader.side]);
  return {
    _id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    mine: row.senderId === reader.id,
    text: shown.text,
    masked: shown.masked,
    scamWarnings: row.senderId === reader.id ? [] : readScamFlags(row.scamFlags),
    createdAt: iso(row.createdAt),
    readAt: row.readAt === null ? null : iso(row.readAt),
    offer: offerEventOf(row),
  };
}

/** The event card of a message that is an offer's step; null for a written message. */
function offerEventOf(row: MessageRow): OfferEvent | null {
  if (row.offerId === null || row.offerStep === null || row.offerPriceCents === null) return null;
  return {
    offerId: row.offerId,
    step: row.offerStep as OfferStep,
    price: centsToDollars(row.offerPriceCents),
  };
}

export function toConversation(
  row: ConversationViewRow,
  readerId: string,
  lastMessage: MessageRow | null,
): Conversation {
  const side = sideOf(row, readerId) ?? 'buyer';
  const contactsShown = readBool(row.contactsShown as boolean | number);
  return {
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    productImage: row.productImage,
    productStatus: row.productStatus ?? null,
    other: {
      _id: side === 'buyer' ? row.sellerId : row.buyerId,
      name: row.otherName,
      img: row.otherImage,
      role: side === 'buyer' ? 'seller' : 'buyer',
    },
    lastMessage: lastMessage ? toMessage(lastMessage, { id: readerId, side }, contactsShown) : null,
    unread: Number(row.unread ?? 0),
    blocked: row.blockedBy !== null,
    blockedByMe: row.blockedBy === readerId,
    contactsShown,
    canOffer:
      side === 'buyer' &&
      row.productStatus === 'available' &&
      row.blockedBy === null &&
      !readBool(row.offerOpen as boolean | number) &&
      !readBool(row.requestOpen as boolean | number),
    updatedAt: iso(row.updatedAt),
  };
}
