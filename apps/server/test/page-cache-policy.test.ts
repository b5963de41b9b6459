import { describe, expect, it } from 'vitest';
import { pageDelivery } from '../src/plugins/web/page-cache-policy.ts';

const visit = (url: string, cookie?: string) =>
  pageDelivery({ url, headers: cookie === undefined ? {} : { cookie } });

describe('which page requests share the page cache', () => {
  it('leaves the dashboard to the browser, whoever asks', () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/my-orders', '/dashboard?tab=1']) {
      expect(visit(url), url).toBe('shell');
      expect(visit(url, 'session=abc'), url).toBe('shell');
    }
    expect(visit('/dashboards')).toBe('shared');
  });

  it('shares a page among signed-out visitors only when it has no query', () => {
    expect(visit('/')).toBe('shared');
    expect(visit('/category/iPhone')).toBe('shared');
    expect(visit('/category/iPhone?page=2')).toBe('own');
    expect(visit('/?')).toBe('own');
  });

  it('draws the page for a visitor who sends any cookie', () => {
    expect(visit('/', 'session=abc')).toBe('own');
    expect(visit('/', '')).toBe('own');
  });
});
