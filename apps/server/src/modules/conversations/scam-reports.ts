import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { readScamFlags } from './conversation-view.ts';
import {
  findAccountCreatedAt,
  hasMarketplaceReport,
  insertReport,
  listFlaggedMessagesOf,
} from './conversations.repository.ts';

/** The marketplace's report on an account whose first week brought several flagged messages. */
export const SCAM_SHIELD_REASON = 'scam_shield';
/** Flagged messages in an account's first week that open the report. */
export const FLAGGED_MESSAGES_FOR_REPORT = 3;
export const FIRST_WEEK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * After a flagged message, in its transaction: an account less than a week old with three
 * flagged messages in that week goes to the moderation queue as the marketplace's own report
 * about the account, once ever. Its messages are still delivered; a moderator decides.
 */
export async function reportRepeatedScamFlags(
  trx: Transaction<Database>,
  senderId: string,
  at: Date,
): Promise<void> {
  // Locked (PostgreSQL): two flagged messages at once count one after the other.
  const account = await findAccountCreatedAt(trx, senderId, true);
  if (!account) return;
  const weekEnds = readDate(account.createdAt).getTime() + FIRST_WEEK_DAYS * DAY_MS;
  if (at.getTime() >= weekEnds) return;
  const flagged = await listFlaggedMessagesOf(trx, senderId, new Date(weekEnds));
  if (flagged.length < FLAGGED_MESSAGES_FOR_REPORT) return;
  if (await hasMarketplaceReport(trx, senderId, SCAM_SHIELD_REASON)) return;
  const rules = [...new Set(flagged.flatMap((m) => readScamFlags(m.scamFlags)))];
  await insertReport(trx, {
    id: crypto.randomUUID(),
    targetType: 'user',
    targetId: senderId,
    reporterId: null,
    reason: SCAM_SHIELD_REASON,
    note:
      `${flagged.length} messages flagged by the scam shield in the account's first ` +
      `${FIRST_WEEK_DAYS} days (${rules.join(', ')})`,
    createdAt: valueWriters(trx).date(at),
  });
}
