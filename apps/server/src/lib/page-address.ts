import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { ownOrigin } from '../plugins/auth/auth-routes.ts';

/**
 * The address a page's share tags (`og:url`, `og:image`, `canonical`) are made of: PUBLIC_URL,
 * or without it the origin the page was opened at (as the product then answers at any address).
 */
export function pageAddress(
  config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>,
  request: FastifyRequest,
): string {
  if (config.publicUrlConfigured) return config.publicUrl;
  return ownOrigin(request) ?? config.publicUrl;
}

/**
 * What a shared answer that carries the page's address is kept under besides its own key: the
 * origin, when PUBLIC_URL is unset (each address gets its own copy); nothing otherwise.
 */
export function addressKey(
  config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>,
  request: FastifyRequest,
): { at?: string } {
  return config.publicUrlConfigured ? {} : { at: pageAddress(config, request) };
}
