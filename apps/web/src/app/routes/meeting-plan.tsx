import { useParams, type LoaderFunctionArgs } from 'react-router';
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
  const { token = '' } = useParams();
  return (
    <section className="mx-auto max-w-2xl py-10">
      <PageTitle page="A shared meeting plan" />
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <h1 className="mb-6 text-3xl font-bold">A shared meeting plan</h1>
      <MeetingPlanView token={token} />
    </section>
  );
}
