import crypto from 'node:crypto';
import type { OfferStep } from '@market/shared';
import { readDate, valueWriters } from '../../db/dialect.ts';
import { unreadCountsOf, type Notices } from '../notifications/public.ts';
import { sideOf, toMessage, writeScamFlags } from './conversation-view.ts';
import { scamRulesOf } from './scam-shield.ts';
import {
  findConversationOfBuyer,
  hasAcceptedBooking,
  insertConversation,
  insertMessage,
  lockConversation,
  setConversationUpdatedAt,
  type MessageRow,
} from './conversations.repository.ts';

/** The offer columns of a written message. */
export const NOT_AN_OFFER_STEP = { offerId: null, offerStep: null, offerPriceCents: null } as const;

export interface OfferStepInput {
  offerId: string;
  step: OfferStep;
  priceCents: number;
  /** The listing, its buyer and its seller: the buyer's conversation about it is used or made. */
  product: { id: string; name: string; imgUrl: string };
  buyerId: string;
  sellerId: string;
  /** Who took the step (the seller for their automatic rules and their offer to savers). */
  actorId: string;
  /** The card's words where a card cannot be drawn (a notice, an old client). */
  text: string;
  now: Date;
}

/**
 * An offer's step as an event card in the buyer's conversation about the listing, made when it is
 * the first word between them. In the step's transaction; the card is not notified as a message
 * (the offer's own notice tells the other side), but both parties' open tabs get it, and the
 * other party's unread count counts it. Answers the conversation's id.
 */
export async function recordOfferStep(notices: Notices, input: OfferStepInput): Promise<string> {
  const { trx, record } = notices;
  const w = valueWriters(trx);
  const found = await findConversationOfBuyer(trx, input.buyerId, input.product.id);
  let conversation = found ? await lockConversation(trx, found.id) : undefined;
  if (!conversation) {
    const row = {
      id: crypto.randomUUID(),
      productId: input.product.id,
      buyerId: input.buyerId,
      sellerId: input.sellerId,
      productName: input.product.name,
      productImage: input.product.imgUrl,
      createdAt: w.date(input.now),
      updatedAt: w.date(new Date(input.now.getTime() - 1)),
      buyerLastReadAt: null,
      sellerLastReadAt: null,
      blockedBy: null,
    };
    await insertConversation(trx, { ...row, updatedAt: w.date(input.now) });
    conversation = row;
  }
  // Steps keep their order after the messages before them, as messages do.
  const last = readDate(conversation.updatedAt).getTime();
  const at = new Date(Math.max(input.now.getTime(), last + 1));
  const row: MessageRow = {
    id: crypto.randomUUID(),
    conversationId: conversation.id,
    senderId: input.actorId,
    text: input.text,
    createdAt: w.date(at),
    readAt: null,
    // A note that came with the step is checked as a message is; the reader sees the warning.
    scamFlags: writeScamFlags(scamRulesOf(input.text)),
    offerId: input.offerId,
    offerStep: input.step,
    offerPriceCents: input.priceCents,
  };
  await insertMessage(trx, row);
  await setConversationUpdatedAt(trx, conversation.id, at);
  const shown = await hasAcceptedBooking(trx, conversation.buyerId, conversation.productId);
  for (const userId of [conversation.buyerId, conversation.sellerId]) {
    const side = sideOf(conversation, userId)!;
    const message = toMessage(row, { id: userId, side }, shown);
    await record(userId, { type: 'message', conversationId: conversation.id, message });
    if (userId !== input.actorId) {
      await record(userId, { type: 'unread', counts: await unreadCountsOf(trx, userId) });
    }
  }
  return conversation.id;
}

/** Whether the buyer's conversation about the listing is blocked: no offer steps go there. */
export async function offerConversationBlocked(
  notices: Notices,
  buyerId: string,
  productId: string,
): Promise<boolean> {
  const found = await findConversationOfBuyer(notices.trx, buyerId, productId);
  return Boolean(found?.blockedBy);
}
