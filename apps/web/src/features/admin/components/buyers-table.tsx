import type { User } from '@market/shared';
import { DataTable } from '../../../components/ui/data-table.tsx';

/** Buyers for the admin, numbered across pages. */
export function BuyersTable({
  buyers,
  firstNumber,
  isDeleting,
  onDelete,
}: {
  buyers: User[];
  firstNumber: number;
  isDeleting: (email: string) => boolean;
  onDelete: (buyer: User) => void;
}) {
  return (
    <DataTable
      rows={buyers}
      rowKey={(buyer) => buyer._id}
      columns={[
        { header: 'No', cell: (_, index) => firstNumber + index },
        { header: 'Name', rowHeader: true, cell: (buyer) => buyer.name },
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
