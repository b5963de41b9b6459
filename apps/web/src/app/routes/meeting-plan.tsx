import { useParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryClientContext } from '../../lib/query-client.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { meetingPlanQueryOptions } from '../../features/bookings/api/get-meeting-plan.ts';
import { MeetingPlanView } from '../../features/bookings/components/meeting-plan-view.tsx';

/**
 * Public: a meeting plan shared by its buyer or seller opens here, signed out. The server draws
 * it for each visit and no cache keeps it (a revoked link must stop at once); a link that opens
 * nothing is the page's to say.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  await context
    .get(queryClientContext)
    .prefetchQuery({ ...meetingPlanQueryOptions(params.token ?? ''), retry: false });
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <section className="mx-auto max-w-2xl py-10">
      <PageTitle page={t('requests.plan.title')} />
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <h1 className="mb-6 text-3xl font-bold">{t('requests.plan.title')}</h1>
      <MeetingPlanView token={token} />
    </section>
  );
}
