import { PageTitle } from '../../../components/ui/page-title.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { usePendingPossession } from '../../../features/possession/api/get-pending-possession.ts';
import { PendingPhotos } from '../../../features/possession/components/pending-photos.tsx';

/** Moderators: photos of phones beside their listing codes, waiting for a decision. */
export function Component() {
  const page = usePageParam();
  const pending = usePendingPossession({ page });
  return (
    <section>
      <PageTitle page="Photo checks" />
      <h1 className="mb-2 text-2xl font-bold">Photo checks</h1>
      <p className="mb-6 text-sm text-base-content/80">
        Approve a photo when the code on the paper is the listing's and the phone, screen on, is the
        model listed. “Photo verified” says only that: not that the phone is unlocked, paid off or
        not stolen.
      </p>
      <PagedList
        query={pending}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty="No photo waits for a moderator."
      >
        {(items) => <PendingPhotos items={items} />}
      </PagedList>
    </section>
  );
}
