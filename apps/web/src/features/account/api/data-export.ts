import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataExportCreatedSchema, latestDataExportSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';

export const dataExportKeys = { all: ['data-export'] as const };

/** How often the state is asked again while the export is being prepared. */
export const DATA_EXPORT_POLL_MS = 3_000;

/** GET /api/me/export: the person's newest data export, or null before their first. */
export function getLatestDataExport() {
  return apiRequest('/me/export', latestDataExportSchema);
}

export const latestDataExportQueryOptions = queryOptions({
  queryKey: dataExportKeys.all,
  queryFn: getLatestDataExport,
  // Asked again every few seconds while it is being prepared, and never otherwise.
  refetchInterval: (query) =>
    query.state.data?.export?.status === 'pending' ? DATA_EXPORT_POLL_MS : false,
});

export function useLatestDataExport() {
  return useQuery(latestDataExportQueryOptions);
}

/** POST /api/me/export: a new copy of the person's data, prepared in the background. */
export function requestDataExport() {
  return apiRequest('/me/export', dataExportCreatedSchema, { method: 'POST' });
}

export function useRequestDataExport() {
  return useWrite({ write: () => requestDataExport(), invalidates: [dataExportKeys.all] });
}
