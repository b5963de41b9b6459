import { describe, expect, it } from 'vitest';
import { formatters } from '@market/shared';
import { createI18n } from '../../i18n/i18n.ts';
import en from '../../i18n/locales/en.json';
import bn from '../../i18n/locales/bn.json';
import { filterLabel } from './filter-labels.ts';
import { activeFilters, type SearchParams } from './search-params.ts';

const EVERY: SearchParams = {
  q: 'iphone 13',
  category: 'iPhone',
  minPrice: 100,
  maxPrice: 450,
  condition: ['good', 'fair'],
  storage: [128, 1024],
  minBattery: 85,
  verified: true,
  unlocked: true,
  activationLockOff: true,
  location: 'Dhanmondi',
  sort: 'relevance',
};

const labels = (params: SearchParams, words: Parameters<typeof filterLabel>[2]) =>
  activeFilters(params).map((filter) => filterLabel(filter, params, words));

describe("the chips of a search's filters", () => {
  const english = { t: createI18n('en', en).t, format: formatters('en') };
  const bangla = { t: createI18n('bn', bn).t, format: formatters('bn', 'BDT') };

  it('name each filter in use in English, as they always have', () => {
    expect(labels(EVERY, english)).toEqual([
      'Words “iphone 13”',
      'Brand iPhone',
      'Price from $100 up to $450',
      'Condition good, fair',
      'Storage 128 GB, 1 TB',
      'Battery at least 85%',
      'Verified sellers only',
      'Unlocked',
      'Activation lock off',
      'Location “Dhanmondi”',
    ]);
    const only = (params: Partial<SearchParams>) =>
      labels(
        { q: '', condition: [], storage: [], verified: false, sort: 'newest', ...params },
        english,
      );
    expect(only({ maxPrice: 300 })).toEqual(['Price up to $300']);
    expect(only({ minPrice: 0 })).toEqual(['Price from $0']);
    expect(only({ near: 1185099, radiusKm: 5 })).toEqual(['Within 5 km']);
  });

  it('name them in Bangla, with Bangla digits and the operator’s currency', () => {
    expect(labels(EVERY, bangla)).toEqual([
      'শব্দ “iphone 13”',
      'ব্র্যান্ড iPhone',
      'দাম ১০০৳ থেকে ৪৫০৳ পর্যন্ত',
      'অবস্থা ভালো, মোটামুটি',
      'স্টোরেজ 128 GB, 1 TB',
      'ব্যাটারি কমপক্ষে ৮৫%',
      'শুধু যাচাই করা বিক্রেতা',
      bn.search.filter.unlocked,
      bn.search.filter.activationLockOff,
      'এলাকা “Dhanmondi”',
    ]);
  });
});
