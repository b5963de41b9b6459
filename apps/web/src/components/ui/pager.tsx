import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/locale.tsx';
import { pageFrom, searchWithPage } from '../../lib/paging.ts';

/** The list page asked for by the address (`?page=`), 1 when missing or invalid. */
export function usePageParam(): number {
  const [search] = useSearchParams();
  return pageFrom(search);
}

/** Page numbers to show: the first, the last, and two either side of the current one. */
function visiblePages(page: number, pageCount: number): Array<number | 'gap'> {
  const shown: Array<number | 'gap'> = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown.at(-1) !== 'gap') shown.push('gap');
  }
  return shown;
}

const ITEM = 'join-item btn btn-sm';

/**
 * The one pager: Previous, the page numbers and Next, as links that change `?page=` and keep every
 * other parameter of the address (filters, sorting). Nothing when the list fits on one page.
 */
export function Pager({
  page,
  total,
  pageSize,
}: {
  page: number;
  total: number;
  pageSize: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [search] = useSearchParams();
  const pageCount = Math.ceil(total / pageSize);
  if (pageCount <= 1) return null;
  const to = (n: number) => ({ search: searchWithPage(search, n) });
  const step = (n: number, label: string) =>
    n < 1 || n > pageCount ? (
      <span className={`${ITEM} btn-disabled`} aria-disabled="true">
        {label}
      </span>
    ) : (
      <Link to={to(n)} className={ITEM} rel={n < page ? 'prev' : 'next'}>
        {label}
      </Link>
    );

  return (
    <nav aria-label={t('widgets.pager.label')} className="mt-8 flex justify-center">
      <ul className="join flex-wrap justify-center">
        <li>{step(page - 1, t('widgets.pager.previous'))}</li>
        {visiblePages(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className={`${ITEM} btn-disabled`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={to(n)}
                className={`${ITEM} ${n === page ? 'btn-primary' : ''}`}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('widgets.pager.page', { page: format.count(n) })}
              >
                {format.count(n)}
              </Link>
            </li>
          ),
        )}
        <li>{step(page + 1, t('widgets.pager.next'))}</li>
      </ul>
    </nav>
  );
}
