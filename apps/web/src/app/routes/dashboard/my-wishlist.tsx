import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { EmptyState } from '../../../components/ui/error-state.tsx';
import { ListPager, usePageParam } from '../../../components/ui/list-pager.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useWishlist } from '../../../features/wishlist/api/get-wishlist.ts';
import { WishlistTable } from '../../../features/wishlist/components/wishlist-table.tsx';

export function Component() {
  const me = useDashboardUser();
  const page = usePageParam();
  const wishlist = useWishlist(me.email, page);

  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">My Wishlist</h1>
      <QueryContent query={wishlist}>
        {({ items, total }) =>
          items.length === 0 ? (
            <EmptyState>
              Your wishlist is empty.{' '}
              <Link to={paths.categories} className="link link-primary">
                Find a phone you like
              </Link>
            </EmptyState>
          ) : (
            <>
              <WishlistTable items={items} buyer={me} />
              <ListPager page={page} total={total} />
            </>
          )
        }
      </QueryContent>
    </section>
  );
}
