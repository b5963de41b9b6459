import crypto from 'node:crypto';
import { valueWriters } from '../../src/db/dialect.ts';
import type { TestApp } from '../build-test-app.ts';
import { insertProducts } from './market.ts';

/**
 * Rows written straight to the database for the authorization matrix: an open report by
 * `reporterId` about `reportedUserId`, a hidden listing of `sellerId`, and a suspended account.
 */
export async function insertModerationRows(
  t: TestApp,
  ids: { reporterId: string; reportedUserId: string; sellerId: string },
): Promise<{ reportId: string; hiddenProductId: string; suspendedUserId: string }> {
  const db = t.app.db;
  const w = valueWriters(db);
  const now = w.date(new Date());
  const reportId = crypto.randomUUID();
  // The reporter's earlier report about the same user is dealt with, so this one is open.
  await db
    .updateTable('reports')
    .set({ status: 'dismissed' })
    .where('reporterId', '=', ids.reporterId)
    .where('status', '=', 'open')
    .execute();
  await db
    .insertInto('reports')
    .values({
      id: reportId,
      targetType: 'user',
      targetId: ids.reportedUserId,
      reporterId: ids.reporterId,
      reason: 'spam',
      note: null,
      createdAt: now,
    })
    .execute();
  const [hiddenProductId] = await insertProducts(t, ids.sellerId, 1);
  await db
    .updateTable('products')
    .set({ moderation: 'hidden', moderationReason: 'Looks like a stolen phone.' })
    .where('id', '=', hiddenProductId!)
    .execute();
  const suspendedUserId = crypto.randomUUID();
  await db
    .insertInto('users')
    .values({
      id: suspendedUserId,
      name: 'Suspended Seller',
      email: `suspended-${suspendedUserId}@example.test`,
      emailVerified: w.bool(true),
      image: null,
      createdAt: now,
      updatedAt: now,
      phone: '+15550123',
      role: 'seller',
      isVerifiedUser: w.bool(false),
      suspendedAt: now,
      suspendedReason: 'Spam.',
    })
    .execute();
  return { reportId, hiddenProductId: hiddenProductId!, suspendedUserId };
}
