import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';
import { apiErrorFrom, callLanguageOf, networkError } from './api-client.ts';

/** Sign-in, sign-up, sign-out and password reset, served by our own server at /api/auth. */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  // A failed call throws the same ApiError as every other API call (status, code, message,
  // fields, the wait asked for), so lib/errors.ts words and logs it like the rest.
  fetchOptions: {
    throw: true,
    customFetchImpl: async (input, init) => {
      try {
        const language = callLanguageOf();
        if (!language) return await fetch(input, init);
        const headers = new Headers(init?.headers);
        headers.set('accept-language', language);
        return await fetch(input, { ...init, headers });
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        throw networkError();
      }
    },
    // `error` is the parsed body (either shape) with the status beside it.
    onError: ({ response, error }) => {
      throw apiErrorFrom(response.status, error, response.headers);
    },
  },
  // Our user rows carry the spec's phone and role; sign-up sends them with the standard fields.
  plugins: [
    inferAdditionalFields({
      user: {
        phone: { type: 'string', required: false },
        role: { type: 'string', required: false },
      },
    }),
  ],
});
