import { Link } from 'react-router';
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
  const me = useDashboardUser();
  const page = usePageParam();
  const products = useMyProducts({ email: me.email, page });

  return (
    <section>
      <PageTitle page="My Products" />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">My Products</h1>
        <Link to={paths.dashboard.addProduct} className="btn btn-primary btn-sm">
          Add Product
        </Link>
      </div>
      <PagedList
        query={products}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty="You have not listed any products yet."
      >
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
                  <span className="badge badge-warning">Hidden</span>
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
