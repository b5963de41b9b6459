import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AuditAction, AuditEntry, PaginationQuery } from '@market/shared';
import { readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { listPage, mapPage, newestFirst, type Page } from '../../lib/paging.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  targetType: 'listing' | 'user' | 'message' | 'conversation' | 'stolen_report';
  targetId: string;
  /** What the target is called now (a listing's name, an account's email): the log outlives it. */
  targetLabel: string | null;
  reason: string | null;
  /** Anything else worth keeping about the step (which report led to it, how many it closed). */
  details?: Record<string, unknown>;
  at: Date;
}

/**
 * Appends a step an administrator took. Call it in the transaction of the step itself, so the
 * log has a row exactly when the step happened. Nothing updates or deletes these rows.
 */
export async function appendAudit(trx: Db, record: AuditRecord): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      actorId: record.actorId,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      reason: record.reason,
      details: JSON.stringify({ label: record.targetLabel, ...record.details }),
      createdAt: valueWriters(trx).date(record.at),
    })
    .execute();
}

function labelOf(details: string | null): string | null {
  if (!details) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    const label =
      parsed && typeof parsed === 'object' ? (parsed as { label?: unknown }).label : null;
    return typeof label === 'string' ? label : null;
  } catch {
    return null;
  }
}

/** The log, newest first, with each administrator's current name (null once deleted). */
export async function getAuditLog(db: Db, page: PaginationQuery): Promise<Page<AuditEntry>> {
  const rows = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actorId')
    .select([
      'a.id',
      'a.actorId',
      'a.action',
      'a.targetType',
      'a.targetId',
      'a.reason',
      'a.details',
      'a.createdAt',
      'u.name as actorName',
    ]);
  const all = db.selectFrom('audit_log');
  const found = await listPage(newestFirst(rows, 'a.createdAt', 'a.id'), all, page);
  return mapPage(found, (row) => ({
    _id: row.id,
    actor: { _id: row.actorId, name: row.actorName },
    // Only appendAudit writes the column, always with one of the actions.
    action: row.action as AuditAction,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: labelOf(row.details),
    reason: row.reason,
    createdAt: readDate(row.createdAt).toISOString(),
  }));
}
