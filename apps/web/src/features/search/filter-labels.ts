import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CONDITIONS, formatStorage, type Condition, type Formatters } from '@market/shared';
import { useFormat } from '../../i18n/locale.tsx';
import type { ActiveFilter, SearchParams } from './search-params.ts';

interface Words {
  t: TFunction;
  format: Formatters;
}

type Label = (params: SearchParams, words: Words) => string;

/**
 * Each filter's chip among the filters in use, in the page's language: every filter has one (a
 * new filter does not compile without it), the words typed included.
 */
const LABELS: Record<ActiveFilter['key'], Label> = {
  q: (p, { t }) => t('search.chip.words', { words: p.q ?? '' }),
  category: (p, { t }) => t('search.chip.brand', { brand: p.category ?? '' }),
  price: (p, { t, format }) => {
    const from = p.minPrice === undefined ? null : format.price(p.minPrice);
    const to = p.maxPrice === undefined ? null : format.price(p.maxPrice);
    if (from !== null && to !== null) return t('search.chip.priceBetween', { from, to });
    return from !== null
      ? t('search.chip.priceFrom', { from })
      : t('search.chip.priceUpTo', { to });
  },
  condition: (p, { t }) =>
    t('search.chip.condition', {
      conditions: (p.condition ?? [])
        .filter((c): c is Condition => (CONDITIONS as readonly string[]).includes(c))
        .map((c) => t(`listing.condition.${c}`))
        .join(', '),
    }),
  storage: (p, { t }) =>
    t('search.chip.storage', { sizes: (p.storage ?? []).map(formatStorage).join(', ') }),
  minBattery: (p, { t, format }) =>
    t('search.chip.battery', { percent: format.number(p.minBattery ?? 0) }),
  verified: (_p, { t }) => t('search.filter.verifiedOnly'),
  unlocked: (_p, { t }) => t('search.filter.unlocked'),
  activationLockOff: (_p, { t }) => t('search.filter.activationLockOff'),
  location: (p, { t }) => t('search.chip.location', { location: p.location ?? '' }),
  distance: (p, { t, format }) => t('search.chip.within', { km: format.number(p.radiusKm ?? 0) }),
};

/** A filter's chip for a search, in the words given. */
export function filterLabel(filter: ActiveFilter, params: SearchParams, words: Words): string {
  return LABELS[filter.key](params, words);
}

/** Names filters in use in the page's language. */
export function useFilterLabel(): (filter: ActiveFilter, params: SearchParams) => string {
  const { t } = useTranslation();
  const format = useFormat();
  return (filter, params) => filterLabel(filter, params, { t, format });
}
