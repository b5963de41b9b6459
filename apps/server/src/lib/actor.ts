import type { FastifyRequest } from 'fastify';
import type { Role } from '@market/shared';
import { forbidden, unauthorized } from './errors.ts';

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
    /** Resolves (once per request) the acting user, or null when anonymous. Set by the auth plugin. */
    getActor(): Promise<Actor | null>;
  }
}

/** The acting user, or 401. */
export async function requireActor(request: FastifyRequest): Promise<Actor> {
  const actor = await request.getActor();
  if (!actor) throw unauthorized();
  return actor;
}

/** The acting user when they have one of the roles: 401 when anonymous, 403 otherwise. */
export async function requireRole(request: FastifyRequest, ...roles: Role[]): Promise<Actor> {
  const actor = await requireActor(request);
  if (!roles.includes(actor.role)) throw forbidden(`This needs a ${roles.join(' or ')} account`);
  return actor;
}

/**
 * The spec's calls carry an email in the URL; the acting user always comes from the session.
 * An email naming someone else is refused.
 */
export function assertOwnEmail(actor: Actor, email: string): void {
  if (actor.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw forbidden('You can only see your own data');
  }
}
