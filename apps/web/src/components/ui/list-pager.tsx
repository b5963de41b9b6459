import { useSearchParams } from 'react-router';

/** Rows per page of the dashboard lists; the API caps a page at 100. */
export const LIST_PAGE_SIZE = 50;

/** The list page from `?page=`, 1 when missing or invalid. */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Previous and Next links for a list longer than one page; nothing when it fits on one. */
export function ListPager({
  page,
  total,
  pageSize = LIST_PAGE_SIZE,
}: {
  page: number;
  total: number;
  pageSize?: number;
}) {
  const [params, setParams] = useSearchParams();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;

  const goTo = (next: number) => {
    const updated = new URLSearchParams(params);
    updated.set('page', String(next));
    setParams(updated);
  };

  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3">
      <button
        type="button"
        className="btn btn-sm"
        disabled={page <= 1}
        onClick={() => goTo(page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <button
        type="button"
        className="btn btn-sm"
        disabled={page >= pageCount}
        onClick={() => goTo(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
