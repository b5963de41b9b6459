import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@market/shared';
import { apiRead } from '../../../lib/api-client.ts';
import { appConfigKeys } from './keys.ts';

/**
 * What this server offers before sign-in: social sign-in, the demo admin. Read on every page's
 * first screen, so typed by the shared schema but not parsed again (decision 0006).
 */
export function getAppConfig(): Promise<AppConfig> {
  return apiRead<AppConfig>('/app-config');
}

export const appConfigQueryOptions = queryOptions({
  queryKey: appConfigKeys.all,
  queryFn: getAppConfig,
  staleTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQueryOptions);
}
