/** Moderation's query keys, built only here (TanStack Query's key factories). */
import type { PageParams } from '../../../lib/paging.ts';

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => [...moderationKeys.all, 'queue'] as const,
  queuePage: (params: PageParams) => [...moderationKeys.queue(), params] as const,
  audit: () => [...moderationKeys.all, 'audit'] as const,
  auditPage: (params: PageParams) => [...moderationKeys.audit(), params] as const,
  stats: () => [...moderationKeys.all, 'stats'] as const,
};
