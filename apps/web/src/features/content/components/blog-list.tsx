import { useTranslation } from 'react-i18next';
import { ErrorState, EmptyState } from '../../../components/ui/error-state.tsx';
import { FullScreenSpinner } from '../../../components/ui/spinner.tsx';
import { useBlogs } from '../api/get-blogs.ts';

/** The blog's question-and-answer items. */
export function BlogList() {
  const { t } = useTranslation();
  const blogs = useBlogs();
  if (blogs.isPending) return <FullScreenSpinner />;
  if (blogs.isError) return <ErrorState error={blogs.error} onRetry={() => void blogs.refetch()} />;
  if (blogs.data.length === 0) return <EmptyState>{t('blog.empty')}</EmptyState>;
  return (
    <ul className="space-y-6">
      {blogs.data.map((item) => (
        <li key={item.id} className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          <article>
            <h2 className="text-xl font-bold">{item.qn}</h2>
            <p className="mt-3 leading-relaxed whitespace-pre-line text-base-content/85">
              {item.ans}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
