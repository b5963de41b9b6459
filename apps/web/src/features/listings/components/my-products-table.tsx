import { MESSAGES, formatPrice, type MyProduct } from '@market/shared';
import { deleteAfterConfirmation } from '../../../lib/confirm.ts';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useAdvertiseProduct } from '../api/advertise-product.ts';
import { useDeleteProduct } from '../api/delete-product.ts';

/** What deleting a listing does to the buyers who booked it, said before it is deleted. */
function bookingsNote(buyerCount: number): string | undefined {
  if (buyerCount === 0) return undefined;
  const who = buyerCount === 1 ? '1 buyer has' : `${buyerCount} buyers have`;
  return `${who} booked this phone. Their orders stay with them, but the phone leaves every list and cannot be booked any more.`;
}

/** The seller's products with the spec's columns. */
export function MyProductsTable({ products }: { products: MyProduct[] }) {
  const advertise = useAdvertiseProduct();
  const remove = useDeleteProduct();

  const onAdvertise = (product: MyProduct) => {
    advertise.mutate(product._id, {
      onSuccess: () => toast.success(MESSAGES.advertisementAdded),
      onError: (err) => notifyError('Advertising the product', err),
    });
  };

  const onDelete = (product: MyProduct) =>
    deleteAfterConfirmation({
      action: 'Deleting the product',
      confirmation: {
        question: `Delete your listing "${product.name}"?`,
        detail: bookingsNote(product.buyerCount),
      },
      remove: () => remove.mutateAsync(product._id),
      deletedText: MESSAGES.deletedText,
    });

  return (
    <DataTable
      rows={products}
      rowKey={(product) => product._id}
      columns={[
        { header: 'Category', cell: (product) => product.Category },
        { header: 'Product Name', rowHeader: true, cell: (product) => product.name },
        { header: 'Price', nowrap: true, cell: (product) => formatPrice(product.resellPrice) },
        { header: 'Email', nowrap: true, cell: (product) => product.userEmail },
        {
          header: 'Make Advertise',
          nowrap: true,
          cell: (product) =>
            product.available ? (
              <span className="badge badge-success">Advertised</span>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={advertise.isPending && advertise.variables === product._id}
                onClick={() => onAdvertise(product)}
                title="Advertise this product on the home page"
              >
                available
              </button>
            ),
        },
        { header: 'Location', cell: (product) => product.location },
        {
          header: 'Actions',
          actions: true,
          cell: (product) => (
            <button
              type="button"
              className="btn btn-sm btn-error"
              disabled={remove.isPending && remove.variables === product._id}
              aria-label={`Delete ${product.name}`}
              onClick={() => void onDelete(product)}
            >
              Delete
            </button>
          ),
        },
      ]}
    />
  );
}
