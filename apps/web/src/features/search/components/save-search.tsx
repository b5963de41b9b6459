import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import { SAVED_SEARCHES_MAX, searchFilterParams, type CreateSavedSearch } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useDescribeError } from '../../../lib/errors.ts';
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
  const { t } = useTranslation();
  const format = useFormat();
  const describeError = useDescribeError();
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
          {t('saveSearch.button')}
        </button>
        {saved && (
          <p role="status" className="text-sm">
            <Trans
              i18nKey="saveSearch.savedAs"
              values={{ name: saved }}
              components={{
                saved: <Link to={paths.dashboard.savedSearches} className="link link-primary" />,
              }}
            />
          </p>
        )}
      </div>
    );
  }

  return (
    <form
      aria-label={t('saveSearch.button')}
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
          <Trans
            i18nKey="saveSearch.full"
            values={{ max: format.count(SAVED_SEARCHES_MAX) }}
            components={{
              saved: <Link to={paths.dashboard.savedSearches} className="link link-primary" />,
            }}
          />
        </p>
      ) : (
        <>
          <label htmlFor={nameId} className="text-sm font-semibold">
            {t('saveSearch.name')}
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={60}
            required
            onChange={(e) => setName(e.target.value)}
            className="input input-bordered min-h-11 w-full"
            placeholder={t('saveSearch.placeholder')}
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
            {saving.isPending ? t('saveSearch.saving') : t('saveSearch.save')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm min-h-11"
          onClick={() => setOpen(false)}
        >
          {t('dialog.cancel')}
        </button>
      </div>
    </form>
  );
}
