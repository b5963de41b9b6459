import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { EmptyState } from '../../../components/ui/error-state.tsx';
import { ListPager, usePageParam } from '../../../components/ui/list-pager.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useMyProducts } from '../../../features/listings/api/get-my-products.ts';
import { MyProductsTable } from '../../../features/listings/components/my-products-table.tsx';

export function Component() {
  const me = useDashboardUser();
  const page = usePageParam();
  const products = useMyProducts(me.email, page);

  return (
    <section>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">My Products</h1>
        <Link to={paths.dashboard.addProduct} className="btn btn-primary btn-sm">
          Add Product
        </Link>
      </div>
      <QueryContent query={products}>
        {({ items, total }) =>
          items.length === 0 ? (
            <EmptyState>You have not listed any products yet.</EmptyState>
          ) : (
            <>
              <MyProductsTable products={items} />
              <ListPager page={page} total={total} />
            </>
          )
        }
      </QueryContent>
    </section>
  );
}
