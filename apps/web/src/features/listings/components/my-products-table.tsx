import { useFormat } from '../../../i18n/locale.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES, type MyProduct } from '@market/shared';
import { paths } from '../../../config/paths.ts';
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

/**
 * The seller's products with the spec's columns. Each name leads to the listing's page; Edit
 * opens the product form on it. `actions` adds what other features offer on a listing (the page
 * composes them) before Delete.
 */
export function MyProductsTable({
  products,
  actions,
}: {
  products: MyProduct[];
  actions?: (product: MyProduct) => ReactNode;
}) {
  const format = useFormat();
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
        {
          header: 'Product Name',
          rowHeader: true,
          cell: (product) => (
            <Link to={paths.product(product._id)} className="link link-hover wrap-anywhere">
              {product.name}
            </Link>
          ),
        },
        {
          header: 'Price',
          nowrap: true,
          cell: (product) => (
            <span className="flex flex-col">
              {format.price(product.resellPrice)}
              {product.previousResellPrice !== null && (
                <span className="text-xs text-base-content/70">
                  was {format.price(product.previousResellPrice)}
                </span>
              )}
            </span>
          ),
        },
        { header: 'Email', nowrap: true, cell: (product) => product.userEmail },
        {
          header: 'Make Advertise',
          nowrap: true,
          cell: (product) =>
            // A sold phone is off every list, advertisements included: nothing to advertise.
            product.status === 'sold' ? (
              <span className="badge badge-neutral">Sold</span>
            ) : product.available ? (
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
            <div className="flex flex-wrap gap-2">
              {product.status !== 'sold' && (
                <Link
                  to={paths.dashboard.editProduct(product._id)}
                  className="btn btn-sm btn-outline"
                  aria-label={`Edit ${product.name}`}
                >
                  Edit
                </Link>
              )}
              {actions?.(product)}
              <button
                type="button"
                className="btn btn-sm btn-error"
                disabled={remove.isPending && remove.variables === product._id}
                aria-label={`Delete ${product.name}`}
                onClick={() => void onDelete(product)}
              >
                Delete
              </button>
            </div>
          ),
        },
      ]}
    />
  );
}
