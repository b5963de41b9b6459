import { describe, expect, it } from 'vitest';
import { cursorOfNextLink } from './api-client.ts';

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
