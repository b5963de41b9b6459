import type { LoaderFunctionArgs } from 'react-router';
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
  return (
    <section className="mx-auto max-w-3xl py-10">
      <PageTitle page="Blog" />
      <h1 className="mb-8 text-3xl font-bold">Blog</h1>
      <BlogList />
    </section>
  );
}
