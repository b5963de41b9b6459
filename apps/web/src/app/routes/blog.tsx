import type { LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryClientContext } from '../../lib/query-client.ts';
import { blogsQueryOptions } from '../../features/content/api/get-blogs.ts';
import { BlogList } from '../../features/content/components/blog-list.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';

export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  await queryClient.prefetchQuery(blogsQueryOptions);
  return null;
}

export function Component() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl py-10">
      <PageTitle page={t('blog.title')} />
      <h1 className="mb-8 text-3xl font-bold">{t('blog.title')}</h1>
      <BlogList />
    </section>
  );
}
