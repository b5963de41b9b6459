import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { useMyProducts } from '../../../features/listings/api/get-my-products.ts';
import { MyProductsTable } from '../../../features/listings/components/my-products-table.tsx';
import { MarkSoldButton } from '../../../features/bookings/components/mark-sold-button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ModerationNotice } from '../../../features/moderation/components/moderation-notice.tsx';

export function Component() {
  const { t } = useTranslation();
  const me = useDashboardUser();
  const page = usePageParam();
  const products = useMyProducts({ email: me.email, page });

  return (
    <section>
      <PageTitle page={t('products.title')} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('products.title')}</h1>
        <Link to={paths.dashboard.addProduct} className="btn btn-primary btn-sm">
          {t('products.add')}
        </Link>
      </div>
      <PagedList query={products} page={page} pageSize={LIST_PAGE_SIZE} empty={t('products.empty')}>
        {(items) => (
          <>
            {items.map(
              (product) =>
                product.moderation && (
                  <ModerationNotice
                    key={product._id}
                    productId={product._id}
                    listingName={product.name}
                    state={product.moderation}
                    reason={product.moderationReason}
                    viewer="seller"
                    reviewRequested={product.reviewRequested}
                  />
                ),
            )}
            <MyProductsTable
              products={items}
              actions={(product) =>
                product.moderation ? (
                  <span className="badge badge-warning">{t('products.hidden')}</span>
                ) : (
                  <MarkSoldButton product={product} />
                )
              }
            />
          </>
        )}
      </PagedList>
    </section>
  );
}
