import { Link } from 'react-router';

/** Page numbers to show: the first, the last, and two either side of the current one. */
function visiblePages(page: number, pageCount: number): Array<number | 'gap'> {
  const shown: Array<number | 'gap'> = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown.at(-1) !== 'gap') shown.push('gap');
  }
  return shown;
}

/** Numbered page links (?page=n); nothing when everything fits on one page. */
export function Pagination({
  page,
  total,
  pageSize,
}: {
  page: number;
  total: number;
  pageSize: number;
}) {
  const pageCount = Math.ceil(total / pageSize);
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-8 flex justify-center">
      <ul className="join flex-wrap">
        {visiblePages(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className="join-item btn btn-sm btn-disabled" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={`?page=${n}`}
                className={`join-item btn btn-sm ${n === page ? 'btn-primary' : ''}`}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
