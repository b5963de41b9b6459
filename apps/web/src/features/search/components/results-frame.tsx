import { useTranslation } from 'react-i18next';
import { useId, useState, type ReactNode } from 'react';
import { hasOrigin, type SearchFacets, type SearchSort } from '@market/shared';
import { activeFilters, type SearchParams } from '../search-params.ts';
import { FiltersDialog } from './filters-dialog.tsx';
import { SearchFilters } from './search-filters.tsx';
import { ViewToggle, type ResultsView } from './view-toggle.tsx';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';

/** How many phones were found (announced as it changes), and that new results are loading. */
export function ResultsCount({ loading, children }: { loading: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <p className="mt-1 text-lg" aria-live="polite">
      {children}
      {loading && (
        <span role="status" className="ml-3 inline-flex items-center gap-2 text-base">
          <InlineSpinner /> {t('search.loading')}
        </span>
      )}
    </p>
  );
}

/**
 * What a page of filtered phones shows around its results: the filters (a sidebar on wide
 * screens, a dialog behind "Filters" on phones), the sort, and the phone's list or cards switch.
 */
export function ResultsFrame({
  chosen,
  facets,
  onChange,
  sorts,
  fixedCategory = false,
  view,
  onViewChange,
  extra,
  loading,
  near,
  children,
}: {
  /** The search shown: the address's, or the one being loaded. */
  chosen: SearchParams;
  facets: SearchFacets | undefined;
  onChange: (next: SearchParams) => void;
  sorts: readonly SearchSort[];
  fixedCategory?: boolean;
  view: ResultsView;
  onViewChange: (view: ResultsView) => void;
  /** More controls at the end of the bar (saving the search). */
  extra?: ReactNode;
  loading: boolean;
  /** Choosing where distances are measured from; none on pages that do not offer it. */
  near?: (chosen: SearchParams, onChange: (next: SearchParams) => void) => ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sortId = useId();
  const inUse = activeFilters({
    ...chosen,
    q: '',
    category: fixedCategory ? undefined : chosen.category,
  }).length;

  const filters = (
    <SearchFilters
      // Typed values (prices, location) start again from the address when it changes them.
      key={`${chosen.minPrice}-${chosen.maxPrice}-${chosen.location}-${chosen.near}-${chosen.lat}`}
      params={chosen}
      facets={facets}
      onChange={onChange}
      fixedCategory={fixedCategory}
      near={near?.(chosen, onChange)}
    />
  );

  return (
    <>
      <div className="my-4 flex flex-wrap items-center gap-3">
        <FiltersDialog
          open={filtersOpen}
          onOpen={() => setFiltersOpen(true)}
          onClose={() => setFiltersOpen(false)}
          activeCount={inUse}
        >
          {filters}
        </FiltersDialog>
        <label htmlFor={sortId} className="text-sm font-semibold">
          {t('search.sortBy')}
        </label>
        <select
          id={sortId}
          className="select select-bordered select-sm min-h-11 w-auto"
          value={chosen.sort}
          onChange={(e) => onChange({ ...chosen, sort: e.target.value })}
        >
          {/* Nearest first only once the search measures from somewhere. */}
          {sorts
            .filter((sort) => sort !== 'distance' || hasOrigin(chosen))
            .map((sort) => (
              <option key={sort} value={sort}>
                {t(`search.sort.${sort}`)}
              </option>
            ))}
        </select>
        <ViewToggle view={view} onChange={onViewChange} />
        {extra && <div className="w-full md:ml-auto md:w-auto">{extra}</div>}
      </div>
      <div className="md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8">
        <aside aria-label={t('search.filters')} className="hidden md:block">
          {!filtersOpen && filters}
        </aside>
        <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : ''}>
          {children}
        </div>
      </div>
    </>
  );
}
