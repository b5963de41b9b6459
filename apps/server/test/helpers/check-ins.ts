import crypto from 'node:crypto';
import type { BookingStatus } from '@market/shared';
import { valueWriters } from '../../src/db/dialect.ts';
import type { Actor } from '../../src/lib/actor.ts';
import type { TestApp } from '../build-test-app.ts';
import type { TestUser } from '../factories.ts';
import { insertProducts } from './market.ts';

/** The actor a service call acts as, for a test user (what the route's guard would give). */
export const actorOf = (user: TestUser): Actor => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  isVerifiedUser: false,
  phone: null,
  image: null,
});

export interface MeetingRow {
  status?: BookingStatus;
  buyerCheckedInAt?: Date | null;
  sellerCheckedInAt?: Date | null;
  noShowSide?: 'buyer' | 'seller' | null;
  noShowReason?: string | null;
}

/**
 * A request of `buyer` for a new listing of `seller`, accepted with a meeting at `meetingAt`
 * (the listing reserved, the hand-over code '135790'), written straight to the database, with
 * what `row` adds; answers its id and its listing's.
 */
export async function insertMeeting(
  t: TestApp,
  buyerId: string,
  sellerId: string,
  meetingAt: Date,
  row: MeetingRow = {},
): Promise<{ id: string; productId: string }> {
  const db = t.app.db;
  const w = valueWriters(db);
  const [productId] = await insertProducts(t, sellerId, 1);
  const status = row.status ?? 'accepted';
  const created = w.date(new Date(meetingAt.getTime() - 48 * 3_600_000));
  const at = (d: Date | null | undefined) => (d ? w.date(d) : null);
  const id = crypto.randomUUID();
  await db
    .insertInto('bookings')
    .values({
      id,
      buyerId,
      sellerId,
      productId: productId!,
      name: 'Meeting Buyer',
      email: 'meeting@example.test',
      phone: '+8801712345678',
      location: 'Uttara',
      productName: 'Bulk phone',
      priceCents: 30_000,
      imgUrl: '/demo/iphone-2.webp',
      createdAt: created,
      updatedAt: created,
      status,
      codeAttempts: 0,
      meetingAt: w.date(meetingAt),
      meetingPlace: 'Uttara sector 7 park gate',
      meetingTimeZone: 'Asia/Dhaka',
      handoverCode: status === 'accepted' ? '135790' : null,
      respondedAt: created,
      completedAt: status === 'completed' ? w.date(meetingAt) : null,
      buyerCheckedInAt: at(row.buyerCheckedInAt),
      sellerCheckedInAt: at(row.sellerCheckedInAt),
      noShowSide: row.noShowSide ?? null,
      noShowAt: row.noShowSide ? w.date(meetingAt) : null,
      noShowReason: row.noShowReason ?? null,
    })
    .execute();
  await db
    .updateTable('products')
    .set({
      status: status === 'accepted' ? 'reserved' : status === 'completed' ? 'sold' : 'available',
    })
    .where('id', '=', productId!)
    .execute();
  return { id, productId: productId! };
}
