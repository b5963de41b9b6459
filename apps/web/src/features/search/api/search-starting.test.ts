import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../../../lib/api-client.ts';
import { isSearchStarting, retryUnlessStarting } from './search-starting.ts';

describe('a search asked while the server is starting', () => {
  it('is told apart from other failures, with the wait the server gives', async () => {
    const starting = await toApiError(
      new Response(
        JSON.stringify({
          error: {
            code: 'SEARCH_STARTING',
            message: 'Search is starting: try again in a few seconds',
          },
        }),
        { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '3' } },
      ),
    );
    expect(isSearchStarting(starting)).toBe(true);
    expect((starting as ApiError).retryAfterSeconds).toBe(3);
    expect(isSearchStarting(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Unavailable'))).toBe(false);
    expect(isSearchStarting(new Error('boom'))).toBe(false);
  });

  it('is not retried at once (its note shows and it is asked again after the wait); others are', () => {
    expect(retryUnlessStarting(0, new ApiError(503, 'SEARCH_STARTING', 'starting'))).toBe(false);
    expect(retryUnlessStarting(0, new ApiError(503, 'SERVICE_UNAVAILABLE', 'down'))).toBe(true);
    expect(retryUnlessStarting(0, new ApiError(400, 'BAD_REQUEST', 'bad'))).toBe(false);
    expect(retryUnlessStarting(10, new ApiError(500, 'INTERNAL', 'oops'))).toBe(false);
  });
});
