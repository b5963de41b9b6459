import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import type { Member } from '@market/shared';
import { DataTable } from '../../../components/ui/data-table.tsx';

/**
 * Buyers for the admin, numbered across pages; a suspended one is marked, with the reason and
 * the way back (`restore`, composed by the app).
 */
export function BuyersTable({
  buyers,
  firstNumber,
  isDeleting,
  onDelete,
  restore,
}: {
  buyers: Member[];
  firstNumber: number;
  isDeleting: (email: string) => boolean;
  onDelete: (buyer: Member) => void;
  restore?: (buyer: Member) => ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <DataTable
      rows={buyers}
      rowKey={(buyer) => buyer._id}
      columns={[
        { header: t('admin.buyers.number'), cell: (_, index) => format.count(firstNumber + index) },
        {
          header: t('admin.buyers.name'),
          rowHeader: true,
          cell: (buyer) =>
            buyer.suspended ? (
              <span className="flex flex-col items-start gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  {buyer.name}
                  <span className="badge badge-error badge-outline">{t('admin.suspended')}</span>
                </span>
                {buyer.suspendedReason && (
                  <span className="text-sm font-normal wrap-anywhere">
                    {t('admin.why', { reason: buyer.suspendedReason })}
                  </span>
                )}
                {restore?.(buyer)}
              </span>
            ) : (
              buyer.name
            ),
        },
        { header: t('admin.buyers.email'), nowrap: true, cell: (buyer) => buyer.email },
        { header: t('admin.buyers.phone'), nowrap: true, cell: (buyer) => buyer.phone ?? '' },
        {
          header: t('admin.buyers.delete'),
          actions: true,
          cell: (buyer) => (
            <button
              type="button"
              className="btn btn-sm btn-error"
              aria-label={t('admin.buyers.deleteNamed', { name: buyer.name })}
              disabled={isDeleting(buyer.email)}
              onClick={() => onDelete(buyer)}
            >
              {t('admin.buyers.delete')}
            </button>
          ),
        },
      ]}
    />
  );
}
