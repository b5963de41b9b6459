import { AUDIT_ACTION_LABELS, type AuditEntry } from '@market/shared';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { fullWhen } from '../../../lib/message-time.ts';

const COLUMNS: readonly Column<AuditEntry>[] = [
  {
    header: 'When',
    nowrap: true,
    cell: (entry) => <time dateTime={entry.createdAt}>{fullWhen(entry.createdAt)}</time>,
  },
  {
    header: 'What',
    rowHeader: true,
    cell: (entry) => AUDIT_ACTION_LABELS[entry.action],
  },
  {
    header: 'Target',
    cell: (entry) => (
      <>
        <span className="text-base-content/80">{entry.targetType} </span>
        {entry.targetLabel ?? entry.targetId}
      </>
    ),
  },
  {
    header: 'Who',
    cell: (entry) => entry.actor.name ?? 'A deleted administrator',
  },
  {
    header: 'Why',
    cell: (entry) => entry.reason ?? <span className="text-base-content/80">No reason given</span>,
  },
];

/** The audit log's page: every step an administrator took, newest first. It cannot be edited. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return <DataTable rows={entries} columns={COLUMNS} rowKey={(entry) => entry._id} />;
}
