import { type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const page = usePageParam();
  const spots = useMeetingSpots({ page });
  return (
    <section className="mx-auto max-w-5xl py-10">
      <PageTitle page={t('help.spots.title')} />
      <h1 className="mb-2 text-3xl font-bold">{t('help.spots.title')}</h1>
      <p className="mb-6 text-base-content/80">{t('help.spots.intro')}</p>
      <PagedList query={spots} page={page} pageSize={LIST_PAGE_SIZE} empty={t('help.spots.empty')}>
        {(items) => <SpotsByArea spots={items} />}
      </PagedList>
    </section>
  );
}
