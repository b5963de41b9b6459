import { describe, expect, it } from 'vitest';
import type { Role } from '@market/shared';
import { isRoleGenericCall, pageDelivery } from '../src/plugins/web/page-cache-policy.ts';

/** A page request; `role` is who the cookie's session belongs to (null: no valid session). */
const visit = (url: string, cookie?: string, role: Role | null = null) =>
  pageDelivery({
    url,
    headers: cookie === undefined ? {} : { cookie },
    getActor: () => Promise.resolve(role ? { role } : null),
  });

describe('which page requests share the page cache', () => {
  it('leaves the dashboard to the browser, whoever asks', async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/my-orders', '/dashboard?tab=1']) {
      expect(await visit(url), url).toEqual({ kind: 'shell' });
      expect(await visit(url, 'session=abc', 'buyer'), url).toEqual({ kind: 'shell' });
    }
    expect(await visit('/dashboards')).toEqual({ kind: 'shared', key: '/dashboards', role: null });
  });

  it('draws a shared meeting plan for each visit, kept by no cache', async () => {
    for (const url of ['/meeting-plan/abc.def', '/meeting-plan/abc.def?page=2']) {
      expect(await visit(url), url).toEqual({ kind: 'own', noStore: true });
      expect(await visit(url, 'session=a', 'buyer'), url).toEqual({ kind: 'own', noStore: true });
    }
    expect((await visit('/meeting-spots')).kind).toBe('shared');
  });

  it('shares a page among signed-out visitors when it has no query but a page number', async () => {
    expect(await visit('/')).toEqual({ kind: 'shared', key: '/', role: null });
    expect((await visit('/category/iPhone?page=2')).kind).toBe('shared');
    expect((await visit('/category/iPhone?page=2&x=1')).kind).toBe('own');
    expect((await visit('/search?q=iphone')).kind).toBe('own');
    expect((await visit('/?')).kind).toBe('own');
  });

  it('shares a page among the signed-in users of one role, each role apart', async () => {
    const buyer = await visit('/category/iPhone', 'session=a', 'buyer');
    const otherBuyer = await visit('/category/iPhone', 'session=b', 'buyer');
    const seller = await visit('/category/iPhone', 'session=c', 'seller');
    expect(buyer).toEqual({ kind: 'shared', key: 'buyer /category/iPhone', role: 'buyer' });
    expect(otherBuyer).toEqual(buyer);
    expect(seller).toEqual({ kind: 'shared', key: 'seller /category/iPhone', role: 'seller' });
    expect(await visit('/category/iPhone', 'session=a', 'admin')).toMatchObject({
      key: 'admin /category/iPhone',
    });
  });

  it('draws the page for a visitor whose cookie holds no session', async () => {
    expect(await visit('/', 'session=ended')).toEqual({ kind: 'own' });
    expect(await visit('/', '')).toEqual({ kind: 'own' });
  });
});

describe('the calls a page drawn for a whole role may make', () => {
  it('allows the catalogue, listings, search and the home content', () => {
    for (const path of [
      '/api/categories',
      '/api/advertisement',
      '/api/blogs',
      '/api/reviews',
      '/api/products/iPhone?page=2&limit=24',
      '/api/product/abc',
      '/api/product/abc/similar',
      '/api/sellers/abc',
      '/api/sellers/abc/reviews?page=2&limit=10',
      '/api/search?q=iphone',
      '/api/search/facets?q=iphone',
    ]) {
      expect(isRoleGenericCall('GET', path), path).toBe(true);
    }
  });

  it('refuses anything personal, and every write', () => {
    for (const path of [
      '/api/session',
      '/api/me',
      '/api/me/marks?productIds=a',
      '/api/saved-searches',
      '/api/wish-list',
      '/api/search/suggest?q=ip',
      '/api/products/iPhone/extra',
      '/api/productsX',
      '/api/sellers/abc/reviews/x',
      '/api/product/abc/other',
      '/api/seller-reviews',
    ]) {
      expect(isRoleGenericCall('GET', path), path).toBe(false);
    }
    expect(isRoleGenericCall('POST', '/api/search')).toBe(false);
  });
});
