import { queryClient } from '../../lib/query-client.ts';
import { blogsQueryOptions } from '../../features/content/api/get-blogs.ts';
import { BlogList } from '../../features/content/components/blog-list.tsx';

export async function loader() {
  await queryClient.prefetchQuery(blogsQueryOptions);
  return null;
}

export function Component() {
  return (
    <section className="mx-auto max-w-3xl py-10">
      <h1 className="mb-8 text-3xl font-bold">Blog</h1>
      <BlogList />
    </section>
  );
}
