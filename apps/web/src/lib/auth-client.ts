import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';

/** Sign-in, sign-up, sign-out and password reset, served by our own server at /api/auth. */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
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
