import { z } from '../zod.ts';
import { idSchema } from './common.ts';
import { offerEventSchema } from './offers.ts';

/*
 * A conversation is between one buyer and the seller of one listing, about that listing; a buyer
 * has at most one per listing. Only its two parties read or write it.
 */

export const MESSAGE_TEXT_MAX = 2_000;
export const MESSAGES_PAGE_SIZE = 30;
export const CONVERSATION_REPORT_NOTE_MAX = 500;
/** A new account (less than a day old) starts at most 5 conversations. */
export const NEW_ACCOUNT_CONVERSATIONS_MAX = 5;
export const NEW_ACCOUNT_LIMIT_HOURS = 24;

const isoDateTimeSchema = z.iso.datetime({ offset: true });

/**
 * What someone types: trimmed, not empty, at most 2,000 characters, text only. Control characters
 * other than line breaks and tabs (what binary data brings) are refused; HTML is kept as typed
 * and always shown as text.
 */
export const messageTextSchema = z
  .string({ error: 'Write a message' })
  .trim()
  .min(1, { error: 'Write a message' })
  .max(MESSAGE_TEXT_MAX, {
    error: `A message can be at most ${MESSAGE_TEXT_MAX.toLocaleString('en-US')} characters`,
  })
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/.test(text), {
    error: 'A message can only hold text',
  });

/** POST /api/conversations: ask the seller of a listing; reuses the buyer's conversation. */
export const startConversationSchema = z.object({
  productId: idSchema,
  text: messageTextSchema,
});
export type StartConversation = z.input<typeof startConversationSchema>;

/** POST /api/conversations/{id}/messages */
export const sendMessageSchema = z.object({ text: messageTextSchema });
export type SendMessage = z.input<typeof sendMessageSchema>;

/** GET /api/conversations/{id}/messages?cursor= : newest first, older pages by cursor. */
export const messagesQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
});

export const conversationPartySchema = z.object({
  _id: idSchema,
  name: z.string(),
  img: z.string().nullable(),
  role: z.enum(['buyer', 'seller']),
});

/*
 * The scam shield: each message is checked against the usual scripts of used-phone scams. The
 * reader (never the writer) sees a calm warning under a flagged message, with one line of
 * advice; the message itself is delivered as written.
 */
export const SCAM_RULES = [
  'payment_first',
  'one_time_code',
  'payment_link',
  'gift_card',
  'other_app',
  'shipping_only',
] as const;
export type ScamRule = (typeof SCAM_RULES)[number];

/** The one line of advice under a flagged message, per rule (the first rule's shows). */
export const SCAM_ADVICE: Record<ScamRule, string> = {
  payment_first:
    'Never pay a deposit or anything in advance: pay only when you meet and have checked the phone.',
  one_time_code:
    'Never share a code sent to your phone: it lets someone into your accounts or your wallet.',
  payment_link:
    'Do not pay or enter details through a link: deals here are paid in person, at the meeting.',
  gift_card: 'Nobody honest asks for gift cards or top-ups as payment.',
  other_app: 'Keep talking here: moving to another app loses the protection of this conversation.',
  shipping_only:
    'Meet in a public place and check the phone before paying; a seller who only ships is a common scam.',
};

/** The warning's heading, the same for every rule. */
export const SCAM_WARNING_TITLE = 'This message looks like a common scam';

export const scamRuleSchema = z.enum(SCAM_RULES);

export const messageSchema = z.object({
  _id: idSchema,
  conversationId: idSchema,
  /** Who wrote it: the buyer's or the seller's user id. */
  senderId: idSchema,
  /** True when the reader wrote it. */
  mine: z.boolean(),
  /** As the reader may see it: contact details masked until the seller accepted this buyer. */
  text: z.string(),
  /** True when phone numbers or email addresses in the text were masked for this reader. */
  masked: z.boolean(),
  /** The scam rules the text matched, for its reader only: always empty for the writer. */
  scamWarnings: z.array(scamRuleSchema),
  createdAt: isoDateTimeSchema,
  /** When the other party read it; null until then. */
  readAt: isoDateTimeSchema.nullable(),
  /** A step of an offer, shown as an event card; null for a written message. */
  offer: offerEventSchema.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  _id: idSchema,
  /** The listing it is about; null once the listing was deleted (the thread stays readable). */
  productId: z.string().nullable(),
  productName: z.string(),
  productImage: z.string(),
  /** The listing's status now; null once deleted. */
  productStatus: z.string().nullable(),
  /** The other party, as the reader sees them. */
  other: conversationPartySchema,
  lastMessage: messageSchema.nullable(),
  /** Messages from the other party the reader has not read. */
  unread: z.number().int().min(0),
  /** Either side blocked the other: nobody may write any more. */
  blocked: z.boolean(),
  /** The reader is the one who blocked. */
  blockedByMe: z.boolean(),
  /** Contact details show (the seller accepted this buyer's request for this listing). */
  contactsShown: z.boolean(),
  /**
   * The reader, its buyer, may make an offer from it: the listing is available, and they have no
   * open offer or request for it (the seller's answer comes first).
   */
  canOffer: z.boolean(),
  updatedAt: isoDateTimeSchema,
});
export type Conversation = z.infer<typeof conversationSchema>;

/** POST /api/conversations answers the conversation and the message just sent. */
export const startedConversationSchema = z.object({
  conversation: conversationSchema,
  message: messageSchema,
});

/** GET /api/me/unread: the top bar's counts. */
export const unreadCountsSchema = z.object({
  messages: z.number().int().min(0),
  notifications: z.number().int().min(0),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

export const CONVERSATION_REPORT_REASONS = ['spam', 'scam', 'offensive', 'other'] as const;

/** POST /api/conversations/{id}/report: a whole conversation, or one message of it. */
export const reportConversationSchema = z.object({
  reason: z.enum(CONVERSATION_REPORT_REASONS, {
    error: `Choose a reason: ${CONVERSATION_REPORT_REASONS.join(', ')}`,
  }),
  messageId: idSchema.optional(),
  note: z
    .string()
    .trim()
    .max(CONVERSATION_REPORT_NOTE_MAX, {
      error: `A note can be at most ${CONVERSATION_REPORT_NOTE_MAX} characters`,
    })
    .optional(),
});
export type ReportConversation = z.input<typeof reportConversationSchema>;

/** The answer of POST /api/conversations/{id}/report: the report as stored, open until handled. */
export const conversationReportSchema = z.object({
  _id: idSchema,
  conversationId: idSchema,
  /** The reported message, or null for the whole conversation. */
  messageId: idSchema.nullable(),
  reason: z.enum(CONVERSATION_REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  createdAt: isoDateTimeSchema,
});
export type ConversationReport = z.infer<typeof conversationReportSchema>;
