import type { Role } from '@market/shared';

/** The signed-in user a request acts as, resolved from the session cookie or a bearer token. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  role: Role;
  isVerifiedUser: boolean;
  phone: string | null;
  image: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Resolves (once per request) the acting user, or null when anonymous. Set by the auth
     * plugin. Routes do not call it: their guard (lib/access.ts) sets `request.actor`.
     */
    getActor(): Promise<Actor | null>;
  }
}
