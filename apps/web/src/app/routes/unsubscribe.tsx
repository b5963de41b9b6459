import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryClientContext } from '../../lib/query-client.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { unsubscribePreviewQueryOptions } from '../../features/notifications/api/unsubscribe.ts';
import { UnsubscribeView } from '../../features/notifications/components/unsubscribe-view.tsx';

/**
 * Public: an email's unsubscribe link opens here, signed in or not. What it would turn off is
 * read before the page shows; a refused link is the page's to say, not an error page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token) {
    await context.get(queryClientContext).prefetchQuery(unsubscribePreviewQueryOptions(token));
  }
  return null;
}

export function Component() {
  const [search] = useSearchParams();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl py-12">
      <PageTitle page={t('auth.unsubscribe.title')} />
      <h1 className="mb-6 text-3xl font-bold">{t('auth.unsubscribe.heading')}</h1>
      <UnsubscribeView token={search.get('token') ?? ''} />
    </section>
  );
}
