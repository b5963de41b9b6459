import type { ReactNode } from 'react';
import {
  CATEGORIES,
  CONDITIONS,
  STORAGE_OPTIONS_GB,
  formatStorage,
  type SearchFacets,
} from '@market/shared';
import type { SearchParams } from '../search-params.ts';

/** Battery health thresholds offered, as the facets count them. */
const BATTERY_STEPS = [80, 85, 90, 95];

function Count({ n }: { n: number | undefined }) {
  if (n === undefined) return null;
  return <span className="ml-auto text-sm text-base-content/70 tabular-nums">({n})</span>;
}

function countOf<T>(list: { value: T; count: number }[] | undefined, value: T) {
  return list?.find((entry) => entry.value === value)?.count ?? (list ? 0 : undefined);
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

const OPTION =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-field px-1 hover:bg-base-200';

/**
 * The search's filters, each choice with how many results it would leave. Choices apply at once;
 * typed values (prices, location) apply with the Apply button or Enter.
 */
export function SearchFilters({
  params,
  facets,
  onChange,
  fixedCategory = false,
}: {
  params: SearchParams;
  facets: SearchFacets | undefined;
  onChange: (next: SearchParams) => void;
  /** The brand is the page's own (a category page): not offered. */
  fixedCategory?: boolean;
}) {
  const toggle = <T,>(list: T[], value: T) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const storageShown = STORAGE_OPTIONS_GB.filter(
    (gb) => params.storage.includes(gb) || (countOf(facets?.storage, gb) ?? 1) > 0,
  );

  return (
    <form
      aria-label="Filters"
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const number = (key: string) => {
          const raw = String(form.get(key) ?? '').trim();
          return raw === '' || !Number.isFinite(Number(raw)) ? undefined : Number(raw);
        };
        let minPrice = number('minPrice');
        let maxPrice = number('maxPrice');
        if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
          [minPrice, maxPrice] = [maxPrice, minPrice];
        }
        const location = String(form.get('location') ?? '').trim();
        onChange({ ...params, minPrice, maxPrice, location: location || undefined });
      }}
    >
      {!fixedCategory && (
        <Group legend="Brand">
          <label className={OPTION}>
            <input
              type="radio"
              name="category"
              className="radio radio-sm"
              checked={!params.category}
              onChange={() => onChange({ ...params, category: undefined })}
            />
            All brands
          </label>
          {CATEGORIES.map((category) => (
            <label key={category} className={OPTION}>
              <input
                type="radio"
                name="category"
                className="radio radio-sm"
                checked={params.category === category}
                onChange={() => onChange({ ...params, category })}
              />
              <span>{category}</span>
              <Count n={countOf(facets?.category, category)} />
            </label>
          ))}
        </Group>
      )}

      <Group legend="Price (dollars)">
        <div className="flex items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col text-sm">
            Lowest
            <input
              name="minPrice"
              type="number"
              inputMode="numeric"
              min={0}
              defaultValue={params.minPrice}
              placeholder={facets?.price.min != null ? String(Math.floor(facets.price.min)) : ''}
              className="input input-bordered min-h-11 w-full"
            />
          </label>
          <label className="flex min-w-0 flex-1 flex-col text-sm">
            Highest
            <input
              name="maxPrice"
              type="number"
              inputMode="numeric"
              min={0}
              defaultValue={params.maxPrice}
              placeholder={facets?.price.max != null ? String(Math.ceil(facets.price.max)) : ''}
              className="input input-bordered min-h-11 w-full"
            />
          </label>
        </div>
      </Group>

      <Group legend="Condition">
        {CONDITIONS.map((condition) => (
          <label key={condition} className={OPTION}>
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={params.condition.includes(condition)}
              onChange={() =>
                onChange({ ...params, condition: toggle(params.condition, condition) })
              }
            />
            <span className="capitalize">{condition}</span>
            <Count n={countOf(facets?.condition, condition)} />
          </label>
        ))}
      </Group>

      <Group legend="Storage">
        {storageShown.map((gb) => (
          <label key={gb} className={OPTION}>
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={params.storage.includes(gb)}
              onChange={() => onChange({ ...params, storage: toggle(params.storage, gb) })}
            />
            {formatStorage(gb)}
            <Count n={countOf(facets?.storage, gb)} />
          </label>
        ))}
      </Group>

      <Group legend="Battery health">
        <label className={OPTION}>
          <input
            type="radio"
            name="minBattery"
            className="radio radio-sm"
            checked={params.minBattery === undefined}
            onChange={() => onChange({ ...params, minBattery: undefined })}
          />
          Any
        </label>
        {BATTERY_STEPS.map((step) => (
          <label key={step} className={OPTION}>
            <input
              type="radio"
              name="minBattery"
              className="radio radio-sm"
              checked={params.minBattery === step}
              onChange={() => onChange({ ...params, minBattery: step })}
            />
            At least {step}%
            <Count n={countOf(facets?.minBattery, step)} />
          </label>
        ))}
      </Group>

      <Group legend="Seller">
        <label className={OPTION}>
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={params.verified}
            onChange={() => onChange({ ...params, verified: !params.verified })}
          />
          Verified sellers only
          <Count n={facets?.verified} />
        </label>
      </Group>

      <Group legend="Location">
        <label className="flex flex-col text-sm">
          Area
          <input
            name="location"
            type="text"
            maxLength={120}
            defaultValue={params.location ?? ''}
            placeholder="e.g. Dhanmondi"
            className="input input-bordered min-h-11 w-full"
          />
        </label>
      </Group>

      <button type="submit" className="btn btn-primary min-h-11">
        Apply price and location
      </button>
    </form>
  );
}
