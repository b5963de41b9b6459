import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseLiveEvent } from './live-events.ts';

describe('reading a live event', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads an event of the shared shape', () => {
    const event = parseLiveEvent(
      JSON.stringify({ type: 'unread', counts: { messages: 2, notifications: 1 } }),
    );
    expect(event).toEqual({ type: 'unread', counts: { messages: 2, notifications: 1 } });
  });

  it('skips, and logs, what is not JSON or not an event', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseLiveEvent('{not json')).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ type: 'unread', counts: { messages: -1 } }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ type: 'party' }))).toBeNull();
    expect(logged).toHaveBeenCalledTimes(3);
  });
});
