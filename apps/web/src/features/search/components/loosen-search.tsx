import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { activeFilters, searchAddress, type SearchParams } from '../search-params.ts';

/** No results: what to loosen, each filter in use as a one-click link to the search without it. */
export function LoosenSearch({ params }: { params: SearchParams }) {
  const filters = activeFilters(params);
  return (
    <div className="rounded-box bg-base-200 my-6 p-6">
      <p className="font-semibold">No phones match this search.</p>
      {filters.length === 0 ? (
        <p className="mt-1">There are no phones for sale right now. Try again later.</p>
      ) : (
        <>
          <p className="mt-1">Try removing one of these:</p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {filters.map((filter) => (
              <li key={filter.label}>
                <Link
                  to={paths.searchResults(searchAddress(filter.without))}
                  className="btn btn-outline btn-sm min-h-11 max-w-full wrap-anywhere"
                >
                  Remove {filter.label}
                </Link>
              </li>
            ))}
          </ul>
          {filters.length > 1 && (
            <p className="mt-3">
              <Link
                to={paths.searchResults(
                  searchAddress({
                    q: params.q,
                    condition: [],
                    storage: [],
                    verified: false,
                    sort: params.sort,
                  }),
                )}
                className="link link-primary"
              >
                Keep only the words, remove every filter
              </Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}
