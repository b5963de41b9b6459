import { useFormat } from '../../../i18n/locale.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
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
function bookingsNote(t: TFunction, buyerCount: number): string | undefined {
  if (buyerCount === 0) return undefined;
  return t('products.bookingsNote', { count: buyerCount });
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
  const { t } = useTranslation();
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
        question: t('products.deleteQuestion', { name: product.name }),
        detail: bookingsNote(t, product.buyerCount),
      },
      remove: () => remove.mutateAsync(product._id),
      deletedText: MESSAGES.deletedText,
    });

  return (
    <DataTable
      rows={products}
      rowKey={(product) => product._id}
      columns={[
        { header: t('products.column.category'), cell: (product) => product.Category },
        {
          header: t('products.column.name'),
          rowHeader: true,
          cell: (product) => (
            <Link to={paths.product(product._id)} className="link link-hover wrap-anywhere">
              {product.name}
            </Link>
          ),
        },
        {
          header: t('products.column.price'),
          nowrap: true,
          cell: (product) => (
            <span className="flex flex-col">
              {format.price(product.resellPrice)}
              {product.previousResellPrice !== null && (
                <span className="text-xs text-base-content/70">
                  {t('products.was', { price: format.price(product.previousResellPrice) })}
                </span>
              )}
            </span>
          ),
        },
        { header: t('products.column.email'), nowrap: true, cell: (product) => product.userEmail },
        {
          header: t('products.column.advertise'),
          nowrap: true,
          cell: (product) =>
            // A sold phone is off every list, advertisements included: nothing to advertise.
            product.status === 'sold' ? (
              <span className="badge badge-neutral">{t('products.sold')}</span>
            ) : product.available ? (
              <span className="badge badge-success">{t('products.advertised')}</span>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={advertise.isPending && advertise.variables === product._id}
                onClick={() => onAdvertise(product)}
                title={t('products.advertiseTitle')}
              >
                {t('products.available')}
              </button>
            ),
        },
        { header: t('products.column.location'), cell: (product) => product.location },
        {
          header: t('products.column.actions'),
          actions: true,
          cell: (product) => (
            <div className="flex flex-wrap gap-2">
              {product.status !== 'sold' && (
                <Link
                  to={paths.dashboard.editProduct(product._id)}
                  className="btn btn-sm btn-outline"
                  aria-label={t('products.editLabel', { name: product.name })}
                >
                  {t('products.edit')}
                </Link>
              )}
              {actions?.(product)}
              <button
                type="button"
                className="btn btn-sm btn-error"
                disabled={remove.isPending && remove.variables === product._id}
                aria-label={t('products.deleteLabel', { name: product.name })}
                onClick={() => void onDelete(product)}
              >
                {t('products.delete')}
              </button>
            </div>
          ),
        },
      ]}
    />
  );
}
