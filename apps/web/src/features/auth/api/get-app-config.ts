import { queryOptions, useQuery } from '@tanstack/react-query';
import { appConfigSchema, type AppConfig } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { appConfigKeys } from './keys.ts';

/** What this server offers before sign-in: social sign-in, the demo admin. */
export function getAppConfig(): Promise<AppConfig> {
  return apiRequest('/app-config', appConfigSchema);
}

export const appConfigQueryOptions = queryOptions({
  queryKey: appConfigKeys.all,
  queryFn: getAppConfig,
  staleTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQueryOptions);
}
