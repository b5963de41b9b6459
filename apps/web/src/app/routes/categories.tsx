import { CategoryGrid } from '../../features/catalog/components/category-grid.tsx';
import { categoriesQueryOptions } from '../../features/catalog/api/get-categories.ts';
import { queryClient } from '../../lib/query-client.ts';

/** The grid arrives with the page, so nothing below it moves when it appears. */
export async function loader() {
  // A failed fetch is shown by the grid itself, with Retry.
  await queryClient.ensureQueryData(categoriesQueryOptions).catch(() => undefined);
  return null;
}

export function Component() {
  return (
    <section className="py-10">
      <h1 className="mb-2 text-3xl font-bold">Categories</h1>
      <p className="mb-8 text-base-content/80">Pick a brand to see the phones on offer.</p>
      <CategoryGrid atTop />
    </section>
  );
}
