import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { activeFilters, type SearchParams } from '../search-params.ts';
import { useFilterLabel } from '../filter-labels.ts';

/**
 * No results: what to loosen, each filter in use as a one-click link to the search without it.
 * `addressOf` gives a search's address on this page (the results page, or a category's page,
 * whose own category is not offered for removal).
 */
export function LoosenSearch({
  params,
  addressOf,
  fixedCategory = false,
}: {
  params: SearchParams;
  addressOf: (params: SearchParams) => string;
  fixedCategory?: boolean;
}) {
  const { t } = useTranslation();
  const label = useFilterLabel();
  const filters = fixedCategory
    ? activeFilters({ ...params, category: undefined }).map((filter) => ({
        ...filter,
        without: { ...filter.without, category: params.category },
      }))
    : activeFilters(params);
  const onlyWords: SearchParams = {
    q: params.q,
    category: fixedCategory ? params.category : undefined,
    condition: [],
    storage: [],
    verified: false,
    sort: params.sort,
  };
  return (
    <div className="rounded-box bg-base-200 my-6 p-6">
      <p className="font-semibold">{t('search.empty.title')}</p>
      {filters.length === 0 ? (
        <p className="mt-1">{t('search.empty.none')}</p>
      ) : (
        <>
          <p className="mt-1">{t('search.empty.tryRemoving')}</p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {filters.map((filter) => (
              <li key={filter.key}>
                <Link
                  to={addressOf(filter.without)}
                  className="btn btn-outline btn-sm min-h-11 max-w-full wrap-anywhere"
                >
                  {t('search.empty.remove', { filter: label(filter, params) })}
                </Link>
              </li>
            ))}
          </ul>
          {filters.length > 1 && (
            <p className="mt-3">
              <Link to={addressOf(onlyWords)} className="link link-primary">
                {params.q ? t('search.empty.keepWords') : t('search.empty.removeAll')}
              </Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}
