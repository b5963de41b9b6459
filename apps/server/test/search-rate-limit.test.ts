import { describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@market/shared';
import { SEARCHES_PER_USER, USERS_PER_ADDRESS } from '../src/modules/search/search.rate-limit.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { insertCategories } from './helpers/market.ts';

/*
 * Searches are limited per user and per address; a search is its words and filters, counted
 * once a minute whatever its pages, sorts and facets.
 */
const t = useTestApp();
let address = 0;

async function search(user: TestUser, query: string, remoteAddress: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/search?${query}`,
    headers: user.headers,
    remoteAddress,
  });
}

function expectRefused(res: Awaited<ReturnType<typeof search>>) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  const { error } = errorResponseSchema.parse(res.json());
  expect(error.code).toBe('RATE_LIMITED');
  expect(error.message).toMatch(/^Too many searches\. Try again in (\d+ seconds?|\d+ minutes?)\.$/);
}

describe(`search limits on ${testDbKind}`, () => {
  it('refuses the 61st new search of a user a minute; its pages, sorts and facets are free', async () => {
    await insertCategories(t);
    const user = await createUser(t, { role: 'buyer' });
    const from = `10.1.0.${++address}`;
    for (let i = 0; i < SEARCHES_PER_USER; i++) {
      const res = await search(user, `q=phone${i}&maxPrice=${100 + i}`, from);
      expect(res.statusCode, `search ${i + 1}`).toBe(200);
    }
    // The searches already made: their facets, another page, another order, the words in
    // another order or case.
    for (const query of [
      'q=phone0&maxPrice=100',
      'q=PHONE1&maxPrice=101&sort=newest',
      'q=phone2&maxPrice=102&cursor=abc&limit=5',
    ]) {
      expect((await search(user, query, from)).statusCode, query).not.toBe(429);
    }
    const facets = await t.app.inject({
      url: '/api/search/facets?q=phone3&maxPrice=103',
      headers: user.headers,
      remoteAddress: from,
    });
    expect(facets.statusCode).toBe(200);

    expectRefused(await search(user, 'q=phone-new', from));
    const newFacets = await t.app.inject({
      url: '/api/search/facets?q=another',
      headers: user.headers,
      remoteAddress: from,
    });
    expectRefused(newFacets);
    // Refused searches were not made: asking again is refused again, not let through.
    expectRefused(await search(user, 'q=phone-new', from));
    // A made search still answers.
    expect((await search(user, 'q=phone5&maxPrice=105', from)).statusCode).toBe(200);
    // Another user on another address is not held up.
    const other = await createUser(t, { role: 'buyer' });
    expect((await search(other, 'q=phone-new', `10.1.0.${++address}`)).statusCode).toBe(200);
  });

  it('limits all users behind one address together', async () => {
    const from = `10.2.0.${++address}`;
    const perAddress = SEARCHES_PER_USER * USERS_PER_ADDRESS;
    const users: TestUser[] = [];
    for (let u = 0; u <= USERS_PER_ADDRESS; u++) users.push(await createUser(t, { role: 'buyer' }));
    for (let i = 0; i < perAddress; i++) {
      const user = users[Math.floor(i / SEARCHES_PER_USER)]!;
      const res = await search(user, `q=office${i}`, from);
      expect(res.statusCode, `search ${i + 1}`).toBe(200);
    }
    // A user who has not searched yet, behind the same address.
    const last = users[USERS_PER_ADDRESS]!;
    expectRefused(await search(last, 'q=office-extra', from));
    // The same user from elsewhere searches.
    expect((await search(last, 'q=office-extra', `10.2.1.${++address}`)).statusCode).toBe(200);
  });
});
