import { describe, expect, it } from 'vitest';
import { paths } from '../src/index.ts';

describe('paths', () => {
  it('builds the addresses the web app routes, with ids encoded', () => {
    expect(paths.product('a b/c')).toBe('/product/a%20b%2Fc');
    expect(paths.seller('s1')).toBe('/seller/s1');
    expect(paths.category('Apple')).toBe('/category/Apple');
    expect(paths.dashboard.conversation('c1')).toBe('/dashboard/messages/c1');
    expect(paths.dashboard.myOrders).toBe('/dashboard/my-orders');
    expect(paths.dashboard.notificationSettings).toBe('/dashboard/settings/notifications');
    expect(paths.searchResults('q=iphone+13')).toBe('/search?q=iphone+13');
    expect(paths.searchResults('?q=iphone+13&sort=newest')).toBe('/search?q=iphone+13&sort=newest');
    expect(paths.searchResults({ toString: () => 'minPrice=5' })).toBe('/search?minPrice=5');
    expect(paths.searchResults()).toBe('/search');
  });
});
