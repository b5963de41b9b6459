import { useTranslation } from 'react-i18next';
import type { ProductStatus } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useMarkSold } from '../api/mark-sold.ts';

/**
 * For a listing sold outside the site: it becomes sold, leaves the categories and the home page,
 * and its open requests are declined as sold. A sold listing shows that instead.
 */
export function MarkSoldButton({
  product,
}: {
  product: { _id: string; name: string; status: ProductStatus };
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const markSold = useMarkSold();
  if (product.status === 'sold') {
    return <span className="badge badge-neutral">{t('requests.markSold.sold')}</span>;
  }

  const onClick = async () => {
    const confirmed = await confirmAction({
      title: t('requests.markSold.title'),
      lines: [
        t('requests.markSold.leaves', { product: product.name }),
        t('requests.markSold.declines'),
      ],
      confirmButton: t('requests.markSold.confirm'),
    });
    if (!confirmed) return;
    markSold.mutate(product._id, {
      onSuccess: (answer) =>
        toast.success(
          answer.closedRequests === 0
            ? t('requests.markSold.done', { product: product.name })
            : t('requests.markSold.doneDeclined', {
                product: product.name,
                count: answer.closedRequests,
                n: format.number(answer.closedRequests),
              }),
        ),
      onError: (err) => notifyError('Marking the product sold', err),
    });
  };

  return (
    <button
      type="button"
      className="btn btn-sm px-2"
      disabled={markSold.isPending}
      aria-label={t('requests.markSold.label', { product: product.name })}
      onClick={() => void onClick()}
    >
      {t('requests.markSold.button')}
    </button>
  );
}
