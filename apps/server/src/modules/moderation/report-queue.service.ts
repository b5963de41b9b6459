import type { Kysely } from 'kysely';
import {
  actionsFor,
  type CategoryName,
  type PaginationQuery,
  type ReportGroup,
  type ReportTarget,
  type ReportTargetType,
} from '@market/shared';
import { readBool, readDate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Page } from '../../lib/paging.ts';
import { centsToDollars } from '../../lib/money.ts';
import {
  findQueueConversation,
  findQueueListing,
  findQueueMessage,
  findQueueUser,
  listContextMessages,
  listOpenReportsWithReporters,
  listReportedTargets,
} from './report-queue.repository.ts';
import { DUPLICATE_IMEI_REASON, otherListingOfNote } from '../phone-facts/public.ts';
import { moderatorShowUpView } from '../bookings/check-ins.service.ts';

type Db = Kysely<Database>;

const iso = (value: Date | string) => readDate(value).toISOString();

async function conversationView(
  db: Db,
  id: string,
  around: { id: string; createdAt: Date | string } | null,
) {
  const conversation = await findQueueConversation(db, id);
  if (!conversation) return null;
  const names = new Map([
    [conversation.buyerId, conversation.buyerName],
    [conversation.sellerId, conversation.sellerName],
  ]);
  const messages = await listContextMessages(db, id, around);
  return {
    _id: conversation.id,
    productId: conversation.productId,
    productName: conversation.productName,
    buyer: {
      _id: conversation.buyerId,
      name: conversation.buyerName,
      email: conversation.buyerEmail,
    },
    seller: {
      _id: conversation.sellerId,
      name: conversation.sellerName,
      email: conversation.sellerEmail,
    },
    messages: messages.map((m) => ({
      _id: m.id,
      senderId: m.senderId,
      senderName: names.get(m.senderId) ?? 'A former party',
      text: m.text,
      createdAt: iso(m.createdAt),
    })),
  };
}

/** The reported thing in full, or `missing` once it was deleted. */
async function targetView(db: Db, type: ReportTargetType, id: string): Promise<ReportTarget> {
  if (type === 'listing') {
    const row = await findQueueListing(db, id);
    if (!row) return { kind: 'missing' };
    return {
      kind: 'listing',
      listing: {
        _id: row.id,
        name: row.name,
        imgURL: row.imgUrl,
        // The column references categories.name, which only holds the marketplace's categories.
        Category: row.category as CategoryName,
        resellPrice: centsToDollars(row.resellPriceCents),
        status: row.status,
        moderation: row.moderation,
        moderationReason: row.moderationReason,
        postedAt: iso(row.postedAt),
        seller: {
          _id: row.sellerId,
          name: row.sellerName,
          email: row.sellerEmail,
          isVerifiedUser: readBool(row.sellerVerified),
          suspended: row.sellerSuspendedAt !== null,
        },
      },
    };
  }
  if (type === 'user') {
    const [row, showUp] = await Promise.all([findQueueUser(db, id), moderatorShowUpView(db, id)]);
    if (!row) return { kind: 'missing' };
    return {
      kind: 'user',
      user: {
        _id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        isVerifiedUser: readBool(row.isVerifiedUser),
        suspendedAt: row.suspendedAt === null ? null : iso(row.suspendedAt),
        suspendedReason: row.suspendedReason,
        createdAt: iso(row.createdAt),
        listingCount: Number(row.listingCount ?? 0),
        completedDeals: Number(row.completedDeals ?? 0),
        reportCount: Number(row.reportCount ?? 0),
        ...showUp,
      },
    };
  }
  if (type === 'message') {
    const message = await findQueueMessage(db, id);
    if (!message) return { kind: 'missing' };
    const conversation = await conversationView(db, message.conversationId, message);
    if (!conversation) return { kind: 'missing' };
    const sender = [conversation.buyer, conversation.seller].find(
      (p) => p._id === message.senderId,
    );
    return {
      kind: 'message',
      message: {
        _id: message.id,
        senderId: message.senderId,
        senderName: sender?.name ?? 'A former party',
        text: message.text,
        createdAt: iso(message.createdAt),
      },
      conversation,
    };
  }
  const conversation = await conversationView(db, id, null);
  return conversation ? { kind: 'conversation', conversation } : { kind: 'missing' };
}

/** The other listing a duplicate-IMEI report is about, for the queue to link to. */
async function otherListingOf(db: Db, reason: string, note: string | null) {
  if (reason !== DUPLICATE_IMEI_REASON) return null;
  const id = otherListingOfNote(note);
  if (!id) return null;
  const row = await db
    .selectFrom('products')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return { _id: id, name: row?.name ?? null };
}

/** GET /api/admin/reports: a page of reported things, each with its open reports. */
export async function getReportQueue(db: Db, page: PaginationQuery): Promise<Page<ReportGroup>> {
  const { rows, total } = await listReportedTargets(db, page);
  const items = await Promise.all(
    rows.map(async (group): Promise<ReportGroup | null> => {
      const [reports, target] = await Promise.all([
        listOpenReportsWithReporters(db, group.targetType, group.targetId),
        targetView(db, group.targetType, group.targetId),
      ]);
      const newest = reports[0];
      // Resolved by another moderator since the page was counted.
      if (!newest) return null;
      return {
        targetType: group.targetType,
        targetId: group.targetId,
        reportId: newest.id,
        reportCount: Number(group.reportCount),
        lastReportedAt: iso(group.lastReportedAt),
        reports: await Promise.all(
          reports.map(async (r) => ({
            _id: r.id,
            reason: r.reason,
            note: r.note,
            reporter:
              r.reporterId && r.reporterName !== null && r.reporterEmail !== null
                ? { _id: r.reporterId, name: r.reporterName, email: r.reporterEmail }
                : null,
            otherListing: await otherListingOf(db, r.reason, r.note),
            createdAt: iso(r.createdAt),
          })),
        ),
        target,
        actions: actionsFor(group.targetType, target),
      };
    }),
  );
  return { items: items.filter((item) => item !== null), total };
}
