import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import type { ReactNode } from 'react';
import { SEARCH_FILTERS, formatStorage, hasOrigin, type SearchFacets } from '@market/shared';
import type { SearchParams } from '../search-params.ts';
import {
  CheckboxList,
  Choice,
  CountsAreLowerBounds,
  Group,
  RadioList,
  countOf,
} from './filter-choices.tsx';

const CATEGORIES = SEARCH_FILTERS.category.choices;
const CONDITIONS = SEARCH_FILTERS.condition.choices;
const STORAGE_OPTIONS_GB = SEARCH_FILTERS.storage.choices;
/** The radii offered, as the facets count them (distance bands). */
const RADII_KM = SEARCH_FILTERS.distance.choices;
/** Battery health thresholds offered, as the facets count them. */
const BATTERY_STEPS = SEARCH_FILTERS.minBattery.choices;

/** A price bound in whole dollars; its hint is the cheapest or dearest result's price. */
function PriceField({
  label,
  name,
  value,
  hint,
}: {
  label: string;
  name: string;
  value: number | undefined;
  hint: string;
}) {
  return (
    <label className="flex min-w-0 flex-1 flex-col text-sm">
      {label}
      <input
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        defaultValue={value}
        placeholder={hint}
        className="input input-bordered min-h-11 w-full"
      />
    </label>
  );
}

/**
 * The search's filters, each choice with how many results it would leave. Choices apply at once;
 * typed values (prices, location) apply with the Apply button or Enter.
 */
export function SearchFilters({
  params,
  facets,
  onChange,
  fixedCategory = false,
  near,
}: {
  params: SearchParams;
  facets: SearchFacets | undefined;
  onChange: (next: SearchParams) => void;
  /** Choosing where distances are measured from (the places feature's control). */
  near?: ReactNode;
  /** The brand is the page's own (a category page): not offered, and kept by the page's path. */
  fixedCategory?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const lowerBounds = facets?.exact === false;
  // A size the counted matches lack may still be among those not counted.
  const storageShown = STORAGE_OPTIONS_GB.filter(
    (gb) => params.storage.includes(gb) || lowerBounds || (countOf(facets?.storage, gb) ?? 1) > 0,
  );

  return (
    <CountsAreLowerBounds.Provider value={lowerBounds}>
      <form
        aria-label={t('search.filters')}
        method="get"
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
        {params.q && <input type="hidden" name="q" value={params.q} />}
        <input type="hidden" name="sort" value={params.sort} />
        {near && (
          <Group legend={t('search.filter.distance')}>
            {near}
            {hasOrigin(params) && (
              <RadioList
                legend={t('search.filter.howFar')}
                name="radiusKm"
                anyLabel={t('search.filter.anyDistance')}
                options={RADII_KM}
                chosen={RADII_KM.find((km) => km === params.radiusKm)}
                counts={facets?.distance.length ? facets.distance : undefined}
                onChange={(radiusKm) => onChange({ ...params, radiusKm })}
                label={(km) => t('search.filter.within', { km: format.number(km) })}
              />
            )}
          </Group>
        )}
        {!fixedCategory && (
          <RadioList
            legend={t('search.filter.brand')}
            name="category"
            anyLabel={t('search.filter.allBrands')}
            options={CATEGORIES}
            chosen={CATEGORIES.find((category) => category === params.category)}
            counts={facets?.category}
            onChange={(category) => onChange({ ...params, category })}
            label={(category) => <span>{category}</span>}
          />
        )}

        <Group
          legend={t('search.filter.price', { context: format.currency, currency: format.currency })}
        >
          <div className="flex items-end gap-2">
            <PriceField
              label={t('search.filter.lowest')}
              name="minPrice"
              value={params.minPrice}
              hint={facets?.price.min != null ? String(Math.floor(facets.price.min)) : ''}
            />
            <PriceField
              label={t('search.filter.highest')}
              name="maxPrice"
              value={params.maxPrice}
              hint={facets?.price.max != null ? String(Math.ceil(facets.price.max)) : ''}
            />
          </div>
        </Group>

        <CheckboxList
          legend={t('search.filter.condition')}
          name="condition"
          options={CONDITIONS}
          chosen={CONDITIONS.filter((condition) => params.condition.includes(condition))}
          counts={facets?.condition}
          onChange={(condition) => onChange({ ...params, condition })}
          label={(condition) => (
            <span className="capitalize">{t(`listing.condition.${condition}`)}</span>
          )}
        />

        {storageShown.length > 0 && (
          <CheckboxList
            legend={t('search.filter.storage')}
            name="storage"
            options={storageShown}
            chosen={params.storage}
            counts={facets?.storage}
            onChange={(storage) => onChange({ ...params, storage })}
            label={formatStorage}
          />
        )}

        <RadioList
          legend={t('search.filter.battery')}
          name="minBattery"
          anyLabel={t('search.filter.any')}
          options={BATTERY_STEPS}
          chosen={params.minBattery}
          counts={facets?.minBattery}
          onChange={(minBattery) => onChange({ ...params, minBattery })}
          label={(step) => t('search.filter.atLeast', { percent: format.number(step) })}
        />

        <Group legend={t('search.filter.seller')}>
          <Choice
            type="checkbox"
            name="verified"
            value="true"
            checked={params.verified}
            onChange={() => onChange({ ...params, verified: !params.verified })}
            count={facets?.verified}
          >
            {t('search.filter.verifiedOnly')}
          </Choice>
        </Group>

        <Group legend={t('search.filter.lock')}>
          <Choice
            type="checkbox"
            name="unlocked"
            value="true"
            checked={params.unlocked === true}
            onChange={() => onChange({ ...params, unlocked: params.unlocked ? undefined : true })}
            count={facets?.unlocked}
          >
            {t('search.filter.unlocked')}
          </Choice>
          <Choice
            type="checkbox"
            name="activationLockOff"
            value="true"
            checked={params.activationLockOff === true}
            onChange={() =>
              onChange({
                ...params,
                activationLockOff: params.activationLockOff ? undefined : true,
              })
            }
            count={facets?.activationLockOff}
          >
            {t('search.filter.activationLockOff')}
          </Choice>
          <p className="px-1 text-xs text-base-content/70">
            {t('search.filter.activationLockHint')}
          </p>
        </Group>

        <Group legend={t('search.filter.location')}>
          <label className="flex flex-col text-sm">
            {t('search.filter.area')}
            <input
              name="location"
              type="text"
              maxLength={120}
              defaultValue={params.location ?? ''}
              placeholder={t('search.filter.areaHint')}
              className="input input-bordered min-h-11 w-full"
            />
          </label>
        </Group>

        <button type="submit" className="btn btn-primary min-h-11">
          {t('search.filter.apply')}
        </button>
      </form>
    </CountsAreLowerBounds.Provider>
  );
}
