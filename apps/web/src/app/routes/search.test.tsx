import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SearchFacets, User } from '@market/shared';
import { Component as SearchPage, loader } from './search.tsx';
import { api } from '../../test/api-server.ts';
import { renderPage } from '../../test/render.tsx';

/** Counts for every choice, so that each one the panel offers is shown. */
const facets: SearchFacets = {
  total: 0,
  exact: true,
  distance: [],
  category: [
    { value: 'iPhone', count: 4 },
    { value: 'samsung', count: 3 },
  ],
  condition: [
    { value: 'good', count: 2 },
    { value: 'fair', count: 1 },
  ],
  storage: [
    { value: 128, count: 3 },
    { value: 256, count: 2 },
  ],
  minBattery: [
    { value: 80, count: 5 },
    { value: 85, count: 4 },
    { value: 90, count: 2 },
    { value: 95, count: 1 },
  ],
  verified: 3,
  unlocked: 2,
  activationLockOff: 1,
  price: { min: 120, max: 900 },
};

/** The query of each call to GET /api/search, in order, as `[name, value]` pairs. */
type Query = Array<[string, string]>;

/** A seller is signed in (the page is for signed-in users; saving a search is a buyer's). */
const seller: User = {
  _id: 'user-1',
  name: 'Sara Seller',
  email: 'sara@example.com',
  phone: null,
  img: null,
  role: 'seller',
  isVerifiedUser: true,
};

/**
 * The API as the search page uses it: a seller's session, the facets above, and searches that
 * answer as `answer` says (no results by default). Returns the queries the search received.
 */
function serveSearch(answer: () => Response = () => HttpResponse.json([])) {
  const searches: Query[] = [];
  api.use(
    http.get('/api/session', () => HttpResponse.json({ user: seller })),
    http.get('/api/search/facets', () => HttpResponse.json(facets)),
    // No saved area: the distance panel offers an area and the browser's location.
    http.get('/api/me/area', () => HttpResponse.json({ area: null })),
    http.get('/api/search', ({ request }) => {
      searches.push([...new URL(request.url).searchParams.entries()]);
      return answer();
    }),
  );
  return searches;
}

/** The filter panel beside the results (the phones' dialog holds the same panel). */
function panel() {
  return within(screen.getByRole('complementary', { name: 'Filters' }));
}

/**
 * The last search's query, once it is `expected` (each choice makes a new search, after the
 * router's navigation: on a busy machine that takes more than the default second).
 */
async function lastSearchIs(searches: Query[], expected: Query) {
  await waitFor(() => expect(searches.at(-1)).toEqual(expected), { timeout: 10_000 });
}

/** The texts of the chips of the filters in use ("Remove …" links when nothing matches). */
function chipTexts(): string[] {
  return screen
    .queryAllByRole('link', { name: /^Remove / })
    .filter((link) => link.textContent !== 'Remove every filter')
    .map((link) => link.textContent ?? '');
}

describe('the search page’s filters', () => {
  it('sends each filter chosen in the panel as the API’s query', async () => {
    const searches = serveSearch();
    const { router } = renderSearch('/search?q=iphone');
    await lastSearchIs(searches, [
      ['q', 'iphone'],
      ['sort', 'relevance'],
    ]);
    // The page shows once its loader has the results.
    await screen.findByRole('complementary', { name: 'Filters' });
    const user = userEvent.setup();

    await user.click(panel().getByRole('radio', { name: /samsung/ }));
    await lastSearchIs(searches, [
      ['q', 'iphone'],
      ['category', 'samsung'],
      ['sort', 'relevance'],
    ]);
    // The page shows the choice once its results are in; a person chooses the next from there.
    await waitFor(() =>
      expect(panel().getByRole<HTMLInputElement>('radio', { name: /samsung/ }).checked).toBe(true),
    );

    // Each choice is a new search, which the next choice starts from.
    const chosen: Query = [
      ['q', 'iphone'],
      ['category', 'samsung'],
    ];
    const choose = async (role: 'radio' | 'checkbox', name: RegExp, param: [string, string]) => {
      await user.click(panel().getByRole(role, { name }));
      const existing = chosen.find(([key]) => key === param[0]);
      if (existing) existing[1] = param[1];
      else chosen.push(param);
      await lastSearchIs(searches, [...chosen, ['sort', 'relevance']]);
      // The page shows the choice made once its results are in.
      await waitFor(() =>
        expect(panel().getByRole<HTMLInputElement>(role, { name }).checked).toBe(true),
      );
    };
    await choose('checkbox', /good/, ['condition', 'good']);
    await choose('checkbox', /fair/, ['condition', 'good,fair']);
    await choose('checkbox', /256 GB/, ['storage', '256']);
    await choose('radio', /At least 90%/, ['minBattery', '90']);
    await choose('checkbox', /Verified sellers only/, ['verified', 'true']);
    await choose('checkbox', /^Unlocked/, ['unlocked', 'true']);
    await choose('checkbox', /Activation lock off/, ['activationLockOff', 'true']);
    expect(router.state.location.search).toBe(
      '?q=iphone&category=samsung&condition=good&condition=fair&storage=256&minBattery=90' +
        '&verified=true&unlocked=true&activationLockOff=true',
    );

    // Typed values apply with the button; bounds the wrong way round are sent the right way.
    await user.type(panel().getByLabelText('Lowest'), '500');
    await user.type(panel().getByLabelText('Highest'), '200');
    await user.type(panel().getByLabelText('Area'), '  Dhanmondi ');
    await user.click(panel().getByRole('button', { name: 'Apply price and location' }));
    await lastSearchIs(searches, [
      ['q', 'iphone'],
      ['category', 'samsung'],
      ['minPrice', '200'],
      ['maxPrice', '500'],
      ['condition', 'good,fair'],
      ['storage', '256'],
      ['minBattery', '90'],
      ['verified', 'true'],
      ['unlocked', 'true'],
      ['activationLockOff', 'true'],
      ['location', 'Dhanmondi'],
      ['sort', 'relevance'],
    ]);
    // The address lists each value on its own.
    expect(router.state.location.search).toBe(
      '?q=iphone&category=samsung&minPrice=200&maxPrice=500&condition=good&condition=fair' +
        '&storage=256&minBattery=90&verified=true&unlocked=true&activationLockOff=true' +
        '&location=Dhanmondi',
    );
    // Eight choices, each a navigation and a search: more than the default 5 s on a busy machine.
  }, 30_000);

  it('shows a chip for each filter in use, and removing one drops only that filter', async () => {
    const searches = serveSearch();
    const { router } = renderSearch(
      '/search?q=pixel&category=xiaomi&minPrice=100&maxPrice=400&condition=good&condition=fair' +
        '&storage=128&storage=256&minBattery=85&verified=true&location=Gulshan',
    );

    expect(await screen.findByText('No phones match this search.')).toBeTruthy();
    expect(chipTexts()).toEqual([
      'Remove Words “pixel”',
      'Remove Brand xiaomi',
      'Remove Price from $100 up to $400',
      'Remove Condition good, fair',
      'Remove Storage 128 GB, 256 GB',
      'Remove Battery at least 85%',
      'Remove Verified sellers only',
      'Remove Location “Gulshan”',
    ]);
    // The phones' Filters button counts the filters in use (the words are not one).
    expect(screen.getByRole('button', { name: 'Filters (7)' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Remove Condition good, fair' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=pixel&category=xiaomi&minPrice=100&maxPrice=400&storage=128&storage=256' +
          '&minBattery=85&verified=true&location=Gulshan',
      ),
    );
    await lastSearchIs(searches, [
      ['q', 'pixel'],
      ['category', 'xiaomi'],
      ['minPrice', '100'],
      ['maxPrice', '400'],
      ['storage', '128,256'],
      ['minBattery', '85'],
      ['verified', 'true'],
      ['location', 'Gulshan'],
      ['sort', 'relevance'],
    ]);
    await waitFor(() => expect(chipTexts()).not.toContain('Remove Condition good, fair'));
    expect(chipTexts()).toEqual([
      'Remove Words “pixel”',
      'Remove Brand xiaomi',
      'Remove Price from $100 up to $400',
      'Remove Storage 128 GB, 256 GB',
      'Remove Battery at least 85%',
      'Remove Verified sellers only',
      'Remove Location “Gulshan”',
    ]);

    await user.click(screen.getByRole('link', { name: 'Remove Price from $100 up to $400' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=pixel&category=xiaomi&storage=128&storage=256&minBattery=85&verified=true' +
          '&location=Gulshan',
      ),
    );
    await lastSearchIs(searches, [
      ['q', 'pixel'],
      ['category', 'xiaomi'],
      ['storage', '128,256'],
      ['minBattery', '85'],
      ['verified', 'true'],
      ['location', 'Gulshan'],
      ['sort', 'relevance'],
    ]);
  });

  it('names the lock filters in their chips, each removed on its own', async () => {
    const searches = serveSearch();
    const { router } = renderSearch('/search?q=pixel&unlocked=true&activationLockOff=true');
    expect(await screen.findByText('No phones match this search.')).toBeTruthy();
    expect(chipTexts()).toEqual([
      'Remove Words “pixel”',
      'Remove Unlocked',
      'Remove Activation lock off',
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Remove Unlocked' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=pixel&activationLockOff=true'),
    );
    await lastSearchIs(searches, [
      ['q', 'pixel'],
      ['activationLockOff', 'true'],
      ['sort', 'relevance'],
    ]);
  });

  it('says what to do when nothing is for sale, with no filter to remove', async () => {
    serveSearch();
    renderSearch('/search');
    expect(await screen.findByText('No phones match this search.')).toBeTruthy();
    expect(
      screen.getByText('There are no phones for sale right now. Try again later.'),
    ).toBeTruthy();
    expect(chipTexts()).toEqual([]);
  });

  it('shows the failure of the search call, with Retry', async () => {
    serveSearch(() =>
      HttpResponse.json(
        { error: { code: 'INTERNAL', message: 'database unavailable' } },
        { status: 500 },
      ),
    );
    renderSearch('/search?condition=good');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Could not load the resultsSomething went wrong on our side. Please try again.Retry',
    );
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('No phones match this search.')).toBeNull();
  });

  it('shows the server’s reason when it refuses the search', async () => {
    serveSearch(() =>
      HttpResponse.json(
        { error: { code: 'BAD_REQUEST', message: 'Lowest price cannot be negative' } },
        { status: 400 },
      ),
    );
    renderSearch('/search?q=galaxy');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the results')).toBeTruthy();
    expect(within(alert).getByText('Lowest price cannot be negative')).toBeTruthy();
  });
});

/** The search page at `path`, its loader first, and its router (whose address the filters change). */
function renderSearch(path: string) {
  return renderPage(<SearchPage />, { path, loader });
}
