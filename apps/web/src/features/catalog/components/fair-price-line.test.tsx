import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { formatters, type FairPrice } from '@market/shared';
import { FairPriceLine } from './fair-price-line.tsx';
import { cardDetails, pageDetails } from './phone-details.tsx';

/** The rows in English, as the app's default language writes them. */
const words = { t: i18next.t, format: formatters('en') };

const fairPrice: FairPrice = {
  median: 420,
  count: 9,
  verdict: 'fair',
  farBelow: false,
  factors: [
    { factor: 'battery', label: 'battery below 80%', effect: -45, inBand: 3, others: 4 },
    { factor: 'lock', label: 'unlocked', effect: 130, inBand: 7, others: 3 },
  ],
};

describe('the fair price line', () => {
  it('lists what moves the price, each with its effect in money', () => {
    render(<FairPriceLine fairPrice={fairPrice} />);
    const items = screen
      .getByRole('list', { name: "What moves this phone's price" })
      .querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      '\u2212$45: battery below 80% (median of 3 such listings against 4 others)',
      '+$130: unlocked (median of 7 such listings against 3 others)',
    ]);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('asks the buyer to take care far below the median, without factors to list', () => {
    render(
      <FairPriceLine fairPrice={{ ...fairPrice, verdict: 'low', farBelow: true, factors: [] }} />,
    );
    expect(screen.getByRole('note').textContent).toContain(
      'meet in person, in a public place, and never pay in advance',
    );
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when the median is of phones locked to a carrier', () => {
    render(<FairPriceLine fairPrice={fairPrice} locked />);
    expect(screen.getByText(/^Median \$420/).textContent).toBe(
      "Median $420 for this model and storage, locked to a carrier, from 9 sellers' listings and sales here of the last 90 days",
    );
  });

  it('shows nothing without a median', () => {
    const { container } = render(<FairPriceLine fairPrice={null} />);
    expect(container.textContent).toBe('');
  });
});

describe('the phone details of the lock and money status', () => {
  const base = {
    networkLock: null,
    activationLockOff: null,
    paidOff: null,
    // Every row is made, the posting day among them.
    postedDate: '26-11-2026',
    postedTime: '09:05:00',
  };
  const rows = (details: Array<{ term: string; value: unknown }>, terms: string[]) =>
    details.filter((row) => terms.includes(row.term)).map((row) => [row.term, row.value]);

  it('says "Not stated" for what the seller did not say, never unlocked', () => {
    // Only the fields these rows read are given.
    const listing = { ...base } as unknown as Parameters<typeof pageDetails>[0];
    const page = pageDetails({ ...listing, included: [], yearOfUse: 2022 }, words);
    expect(rows(page, ['Network', 'Find My / Google', 'Paid off'])).toEqual([
      ['Network', 'Not stated'],
      ['Find My / Google', 'Not stated'],
      ['Paid off', 'Not stated'],
    ]);
    const card = cardDetails({ ...listing, yearOfUse: 2022 }, words);
    expect(rows(card, ['Network', 'Signed out', 'Paid off'])).toEqual([
      ['Network', 'Not stated'],
      ['Signed out', 'Not stated'],
      ['Paid off', 'Not stated'],
    ]);
  });

  it('says what the seller stated', () => {
    const stated = {
      ...base,
      networkLock: 'Robi',
      activationLockOff: true,
      paidOff: false,
      included: [],
      yearOfUse: 2022,
    } as unknown as Parameters<typeof pageDetails>[0];
    expect(rows(pageDetails(stated, words), ['Network', 'Find My / Google', 'Paid off'])).toEqual([
      ['Network', 'Locked to Robi'],
      ['Find My / Google', 'Signed out (activation lock off)'],
      ['Paid off', 'Still being paid off'],
    ]);
    expect(rows(cardDetails(stated, words), ['Network', 'Signed out', 'Paid off'])).toEqual([
      ['Network', 'Locked'],
      ['Signed out', 'Yes'],
      ['Paid off', 'No'],
    ]);
  });
});
