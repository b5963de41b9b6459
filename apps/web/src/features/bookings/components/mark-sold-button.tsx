import type { ProductStatus } from '@market/shared';
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
  const markSold = useMarkSold();
  if (product.status === 'sold') return <span className="badge badge-neutral">Sold</span>;

  const onClick = async () => {
    const confirmed = await confirmAction({
      title: 'Mark as sold?',
      lines: [
        `"${product.name}" leaves the categories and the home page.`,
        'Every open request for it is declined with the reason "sold".',
      ],
      confirmButton: 'Mark sold',
    });
    if (!confirmed) return;
    markSold.mutate(product._id, {
      onSuccess: (answer) =>
        toast.success(
          answer.closedRequests === 0
            ? `${product.name} is sold`
            : `${product.name} is sold; ${answer.closedRequests} open ${answer.closedRequests === 1 ? 'request was' : 'requests were'} declined`,
        ),
      onError: (err) => notifyError('Marking the product sold', err),
    });
  };

  return (
    <button
      type="button"
      className="btn btn-sm px-2"
      disabled={markSold.isPending}
      aria-label={`Mark ${product.name} sold`}
      onClick={() => void onClick()}
    >
      Mark sold
    </button>
  );
}
