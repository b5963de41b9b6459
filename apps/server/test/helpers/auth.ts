import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../build-test-app.ts';
import { uniqueTestIp } from '../factories.ts';

/** Where the web app is served in the tests (PUBLIC_URL): its pages send this Origin. */
export const SAME_ORIGIN = 'http://localhost:3000';

/**
 * A POST as the web app's own pages send it: with our Origin, from a fresh client address unless
 * one is given (so that per-address limits only bite where they are tested). Headers given are
 * added, and may replace the Origin.
 */
export function sameOriginPost(
  t: TestApp,
  url: string,
  payload?: string | object,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: options.remoteAddress ?? uniqueTestIp(),
    headers: { origin: SAME_ORIGIN, ...options.headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A POST of a JSON body to Better Auth from our page as the signed-in user, as fetch sends it. */
export function sameOriginJson(
  t: TestApp,
  user: { headers: Record<string, string> },
  url: string,
  payload: unknown,
): Promise<LightMyRequestResponse> {
  return sameOriginPost(t, url, JSON.stringify(payload), {
    headers: { ...user.headers, 'content-type': 'application/json' },
  });
}
