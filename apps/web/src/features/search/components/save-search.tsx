import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SAVED_SEARCHES_MAX, searchFilterParams, type CreateSavedSearch } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { describeError } from '../../../lib/errors.ts';
import { useCreateSavedSearch, useSavedSearches } from '../api/saved-searches.ts';
import { filterValues, type SearchParams } from '../search-params.ts';

/** The filters as a saved search keeps them (the API's form of the address). */
function savedFilters(params: SearchParams): CreateSavedSearch['filters'] {
  // The API's query parameters, which the saved search's schema reads as the search's.
  return {
    q: params.q,
    ...Object.fromEntries(searchFilterParams(filterValues(params), 'join')),
  } as CreateSavedSearch['filters'];
}

/** A buyer keeps the current search under a name, to open it again later. */
export function SaveSearch({ params }: { params: SearchParams }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(params.q);
  const [saved, setSaved] = useState<string | null>(null);
  const saving = useCreateSavedSearch();
  const list = useSavedSearches({ enabled: open });
  const nameId = useId();
  const full = (list.data?.length ?? 0) >= SAVED_SEARCHES_MAX;

  if (!open) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn btn-outline btn-sm min-h-11"
          onClick={() => {
            setOpen(true);
            setSaved(null);
            setName(params.q);
          }}
        >
          Save this search
        </button>
        {saved && (
          <p role="status" className="text-sm">
            Saved as “{saved}”.{' '}
            <Link to={paths.dashboard.savedSearches} className="link link-primary">
              Your saved searches
            </Link>
          </p>
        )}
      </div>
    );
  }

  return (
    <form
      aria-label="Save this search"
      className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        const trimmed = name.trim();
        if (!trimmed || full) return;
        saving.mutate(
          { name: trimmed, filters: savedFilters(params) },
          {
            onSuccess: (search) => {
              setSaved(search.name);
              setOpen(false);
            },
          },
        );
      }}
    >
      {full ? (
        <p role="alert" className="text-sm">
          You have {SAVED_SEARCHES_MAX} saved searches, the most you can keep. Delete one in{' '}
          <Link to={paths.dashboard.savedSearches} className="link link-primary">
            your saved searches
          </Link>{' '}
          to save this one.
        </p>
      ) : (
        <>
          <label htmlFor={nameId} className="text-sm font-semibold">
            Name of this search
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={60}
            required
            onChange={(e) => setName(e.target.value)}
            className="input input-bordered min-h-11 w-full"
            placeholder="e.g. iPhone 13 under $400"
          />
        </>
      )}
      {saving.isError && (
        <p role="alert" className="text-sm text-error">
          {describeError(saving.error)}
        </p>
      )}
      <div className="flex gap-2">
        {!full && (
          <button
            type="submit"
            className="btn btn-primary btn-sm min-h-11"
            disabled={saving.isPending}
          >
            {saving.isPending ? 'Saving…' : 'Save'}
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm min-h-11"
          onClick={() => setOpen(false)}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
