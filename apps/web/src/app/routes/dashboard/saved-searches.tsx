import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import { SAVED_SEARCHES_MAX } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useDescribeError } from '../../../lib/errors.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/error-state.tsx';
import { FullScreenSpinner } from '../../../components/ui/spinner.tsx';
import {
  useDeleteSavedSearch,
  useSavedSearches,
  useViewSavedSearch,
} from '../../../features/search/api/saved-searches.ts';
import { activeFilters, searchParamsFrom } from '../../../features/search/search-params.ts';
import { useFilterLabel } from '../../../features/search/filter-labels.ts';

/** What a saved search asks for, named as the results page names its filters. */
function useFilterLabels(): (url: string) => string[] {
  const label = useFilterLabel();
  return (url) => {
    const params = searchParamsFrom(new URL(url, 'http://saved.invalid').searchParams);
    return activeFilters(params).map((filter) => label(filter, params));
  };
}

/**
 * A buyer's saved searches: each with its filters and how many phones are new since it was last
 * opened; open one (its results page, and its new phones are seen) or delete it.
 */
export function Component() {
  const { t } = useTranslation();
  const format = useFormat();
  const filterLabels = useFilterLabels();
  const describeError = useDescribeError();
  const saved = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const view = useViewSavedSearch();
  const navigate = useNavigate();
  const open = (id: string, url: string) => {
    // The results come first; the count is put right once they are on their way.
    view.mutate(id);
    void navigate(url);
  };

  let body;
  if (saved.isPending) body = <FullScreenSpinner />;
  else if (saved.isError) {
    body = <ErrorState error={saved.error} onRetry={() => void saved.refetch()} />;
  } else if (saved.data.length === 0) {
    body = (
      <EmptyState>
        <Trans
          i18nKey="savedSearches.empty"
          components={{ find: <Link to={paths.search} className="link link-primary" /> }}
        />
      </EmptyState>
    );
  } else {
    body = (
      <>
        <p className="mb-4 text-sm text-base-content/80">
          {t('savedSearches.count', {
            saved: format.count(saved.data.length),
            max: format.count(SAVED_SEARCHES_MAX),
          })}
        </p>
        <ul className="flex flex-col gap-2">
          {saved.data.map((search) => (
            <li
              key={search._id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Link
                    to={search.url}
                    className="link link-hover inline-flex min-h-11 min-w-0 items-center font-semibold wrap-anywhere"
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                      e.preventDefault();
                      open(search._id, search.url);
                    }}
                  >
                    {search.name}
                  </Link>
                  <span
                    className={`badge ${search.newMatches > 0 ? 'badge-primary' : 'badge-ghost'}`}
                  >
                    {search.newMatches === 0
                      ? t('savedSearches.noNew')
                      : t('savedSearches.new', { count: search.newMatches })}
                  </span>
                </p>
                <ul
                  aria-label={t('savedSearches.filtersOf', { name: search.name })}
                  className="flex flex-wrap gap-1"
                >
                  {filterLabels(search.url).map((label) => (
                    <li key={label} className="badge badge-outline h-auto py-1 wrap-anywhere">
                      {label}
                    </li>
                  ))}
                  {filterLabels(search.url).length === 0 && (
                    <li className="text-sm text-base-content/80">
                      {t('savedSearches.everyPhone')}
                    </li>
                  )}
                </ul>
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11 text-error"
                aria-label={t('savedSearches.deleteLabel', { name: search.name })}
                disabled={remove.isPending && remove.variables === search._id}
                onClick={() => remove.mutate(search._id)}
              >
                {t('savedSearches.delete')}
              </button>
            </li>
          ))}
        </ul>
        {remove.isError && (
          <p role="alert" className="mt-3 text-sm text-error">
            {describeError(remove.error)}
          </p>
        )}
      </>
    );
  }

  return (
    <section>
      <PageTitle page={t('savedSearches.title')} />
      <h1 className="mb-6 text-2xl font-bold">{t('savedSearches.title')}</h1>
      {body}
    </section>
  );
}
