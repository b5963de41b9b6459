import { Link } from 'react-router';
import { SAVED_SEARCHES_MAX } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { describeError } from '../../../lib/errors.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/error-state.tsx';
import { FullScreenSpinner } from '../../../components/ui/spinner.tsx';
import {
  useDeleteSavedSearch,
  useSavedSearches,
} from '../../../features/search/api/saved-searches.ts';

/** A buyer's saved searches: open one (its results page) or delete it. */
export function Component() {
  const saved = useSavedSearches();
  const remove = useDeleteSavedSearch();

  let body;
  if (saved.isPending) body = <FullScreenSpinner />;
  else if (saved.isError) {
    body = <ErrorState error={saved.error} onRetry={() => void saved.refetch()} />;
  } else if (saved.data.length === 0) {
    body = (
      <EmptyState>
        No saved searches yet.{' '}
        <Link to={paths.search} className="link link-primary">
          Search for a phone
        </Link>{' '}
        and choose “Save this search”.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <p className="mb-4 text-sm text-base-content/80">
          {saved.data.length} of {SAVED_SEARCHES_MAX} saved searches.
        </p>
        <ul className="flex flex-col gap-2">
          {saved.data.map((search) => (
            <li
              key={search._id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3"
            >
              <Link
                to={search.url}
                className="link link-hover inline-flex min-h-11 min-w-0 items-center font-semibold wrap-anywhere"
              >
                {search.name}
              </Link>
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11 text-error"
                aria-label={`Delete ${search.name}`}
                disabled={remove.isPending && remove.variables === search._id}
                onClick={() => remove.mutate(search._id)}
              >
                Delete
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
      <PageTitle page="Saved Searches" />
      <h1 className="mb-6 text-2xl font-bold">Saved Searches</h1>
      {body}
    </section>
  );
}
