import { describe, expect, it } from 'vitest';
import { cursorOfNextLink, readTotal, totalText } from './api-client.ts';

describe('the next page of a Link header', () => {
  it('is the cursor of the rel="next" address', () => {
    expect(cursorOfNextLink('</api/conversations/c1/messages?cursor=abc.def-_>; rel="next"')).toBe(
      'abc.def-_',
    );
    expect(
      cursorOfNextLink(
        '</api/notifications?unread=true>; rel="first", </api/notifications?unread=true&cursor=x1>; rel="next"',
      ),
    ).toBe('x1');
  });

  it('is nothing without such a link', () => {
    expect(cursorOfNextLink(null)).toBeUndefined();
    expect(cursorOfNextLink('</api/notifications>; rel="prev"')).toBeUndefined();
  });
});

describe("a list call's total", () => {
  it('is exact unless the API says it stopped counting', () => {
    const exact = readTotal(new Headers({ 'X-Total-Count': '12' }), 2);
    expect(exact).toEqual({ total: 12, totalExact: true });
    expect(totalText(exact)).toBe('12');

    const atLeast = readTotal(
      new Headers({ 'X-Total-Count': '1000', 'X-Total-Count-Relation': 'gte' }),
      24,
    );
    expect(atLeast).toEqual({ total: 1000, totalExact: false });
    expect(totalText(atLeast)).toBe('1000+');
  });

  it('is the count of the items without the header', () => {
    expect(readTotal(new Headers(), 7)).toEqual({ total: 7, totalExact: true });
  });
});
