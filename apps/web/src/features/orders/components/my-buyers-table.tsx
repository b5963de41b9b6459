import type { SellerBuyer } from '@market/shared';
import { DataTable } from '../../../components/ui/data-table.tsx';

/** Who booked the seller's products and where they want to meet. */
export function MyBuyersTable({ buyers }: { buyers: SellerBuyer[] }) {
  return (
    <DataTable
      rows={buyers}
      rowKey={(buyer) => buyer._id}
      columns={[
        { header: 'Buyer', rowHeader: true, cell: (buyer) => buyer.name },
        { header: 'Email', nowrap: true, cell: (buyer) => buyer.email },
        {
          header: 'Phone',
          nowrap: true,
          cell: (buyer) => (
            <a className="link" href={`tel:${buyer.phone}`}>
              {buyer.phone}
            </a>
          ),
        },
        { header: 'Meeting location', cell: (buyer) => buyer.location },
        { header: 'Product', cell: (buyer) => buyer.productName },
        { header: 'Date', nowrap: true, cell: (buyer) => buyer.date },
      ]}
    />
  );
}
