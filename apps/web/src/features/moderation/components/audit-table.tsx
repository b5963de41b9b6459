import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AuditEntry, Formatters } from '@market/shared';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { useFormat } from '../../../i18n/locale.tsx';

/** The kinds of thing a step falls on, as the log names them; another kind shows as written. */
const TARGETS = {
  listing: 'audit.target.listing',
  user: 'audit.target.user',
  message: 'audit.target.message',
  conversation: 'audit.target.conversation',
  stolen_report: 'audit.target.stolenReport',
  possession_photo: 'audit.target.possessionPhoto',
} as const;

const targetName = (type: string, t: TFunction) =>
  type in TARGETS ? t(TARGETS[type as keyof typeof TARGETS]) : type;

function columns(t: TFunction, format: Formatters): readonly Column<AuditEntry>[] {
  return [
    {
      header: t('audit.when'),
      nowrap: true,
      cell: (entry) => (
        <time dateTime={entry.createdAt}>{format.fullDateTime(entry.createdAt)}</time>
      ),
    },
    {
      header: t('audit.what'),
      rowHeader: true,
      cell: (entry) => t(`audit.actions.${entry.action}`),
    },
    {
      header: t('audit.targetColumn'),
      cell: (entry) => (
        <>
          <span className="text-base-content/80">{`${targetName(entry.targetType, t)} `}</span>
          {entry.targetLabel ?? entry.targetId}
        </>
      ),
    },
    {
      header: t('audit.who'),
      cell: (entry) => entry.actor.name ?? t('audit.deletedAdmin'),
    },
    {
      header: t('audit.why'),
      cell: (entry) =>
        entry.reason ?? <span className="text-base-content/80">{t('audit.noReason')}</span>,
    },
  ];
}

/** The audit log's page: every step an administrator took, newest first. It cannot be edited. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const cols = useMemo(() => columns(t, format), [t, format]);
  return <DataTable rows={entries} columns={cols} rowKey={(entry) => entry._id} />;
}
