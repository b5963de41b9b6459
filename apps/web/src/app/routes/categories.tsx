import type { LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CategoryGrid } from '../../features/catalog/components/category-grid.tsx';
import { categoriesQueryOptions } from '../../features/catalog/api/get-categories.ts';
import { queryClientContext } from '../../lib/query-client.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';

/** The grid arrives with the page, so nothing below it moves when it appears. */
export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  // A failed fetch is shown by the grid itself, with Retry.
  await queryClient.ensureQueryData(categoriesQueryOptions).catch(() => undefined);
  return null;
}

export function Component() {
  const { t } = useTranslation();
  return (
    <section className="py-10">
      <PageTitle page={t('categories.title')} />
      <h1 className="mb-2 text-3xl font-bold">{t('categories.title')}</h1>
      <p className="mb-8 text-base-content/80">{t('categories.intro')}</p>
      <CategoryGrid atTop />
    </section>
  );
}
