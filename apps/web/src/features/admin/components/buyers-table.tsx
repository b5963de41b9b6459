import type { ReactNode } from 'react';
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
  return (
    <DataTable
      rows={buyers}
      rowKey={(buyer) => buyer._id}
      columns={[
        { header: 'No', cell: (_, index) => firstNumber + index },
        {
          header: 'Name',
          rowHeader: true,
          cell: (buyer) =>
            buyer.suspended ? (
              <span className="flex flex-col items-start gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  {buyer.name}
                  <span className="badge badge-error badge-outline">Suspended</span>
                </span>
                {buyer.suspendedReason && (
                  <span className="text-sm font-normal wrap-anywhere">
                    Why: {buyer.suspendedReason}
                  </span>
                )}
                {restore?.(buyer)}
              </span>
            ) : (
              buyer.name
            ),
        },
        { header: 'Email', nowrap: true, cell: (buyer) => buyer.email },
        { header: 'Phone', nowrap: true, cell: (buyer) => buyer.phone ?? '' },
        {
          header: 'Delete',
          actions: true,
          cell: (buyer) => (
            <button
              type="button"
              className="btn btn-sm btn-error"
              aria-label={`Delete ${buyer.name}`}
              disabled={isDeleting(buyer.email)}
              onClick={() => onDelete(buyer)}
            >
              Delete
            </button>
          ),
        },
      ]}
    />
  );
}
