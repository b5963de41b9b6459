import { type LoaderFunctionArgs } from 'react-router';
import { pageFrom } from '../../lib/paging.ts';
import { queryClientContext } from '../../lib/query-client.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { usePageParam } from '../../components/ui/pager.tsx';
import { LIST_PAGE_SIZE } from '../../lib/paging.ts';
import {
  meetingSpotsQueryOptions,
  useMeetingSpots,
} from '../../features/bookings/api/get-meeting-spots.ts';
import { SpotsByArea } from '../../features/bookings/components/meeting-spot-card.tsx';

/** Public: the list arrives with the page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageFrom(new URL(request.url));
  await context.get(queryClientContext).prefetchQuery(meetingSpotsQueryOptions({ page }));
  return null;
}

/** Safe places to meet, by area: where sellers and buyers can hand a phone over in the open. */
export function Component() {
  const page = usePageParam();
  const spots = useMeetingSpots({ page });
  return (
    <section className="mx-auto max-w-5xl py-10">
      <PageTitle page="Safe meeting spots" />
      <h1 className="mb-2 text-3xl font-bold">Safe meeting spots</h1>
      <p className="mb-6 text-base-content/80">
        Police stations, shopping centres and stations where a phone can change hands in a busy,
        public place. When a seller accepts your request, they can set the meeting at one of these.
      </p>
      <PagedList
        query={spots}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty="No meeting spots are listed yet. Meet in a busy public place in daylight."
      >
        {(items) => <SpotsByArea spots={items} />}
      </PagedList>
    </section>
  );
}
