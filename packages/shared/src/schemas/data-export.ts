import { z } from '../zod.ts';
import { idSchema } from './common.ts';

/*
 * "Your data": a zip of everything the marketplace holds about the signed-in person (their
 * profile, listings with photos, deals, messages, reviews, notifications, reports and settings),
 * built in the background and kept for DATA_EXPORT_KEEP_DAYS.
 */

/** How long a ready export can be downloaded; the file is deleted afterwards. */
export const DATA_EXPORT_KEEP_DAYS = 7;
/** Exports a person may ask for in 24 hours (failed ones do not count). */
export const DATA_EXPORTS_PER_DAY = 3;

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;
export const dataExportStatusSchema = z.enum(DATA_EXPORT_STATUSES);
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** GET /api/me/export/{id}: an export's state, and its download link once ready. */
export const dataExportSchema = z.object({
  id: idSchema,
  status: dataExportStatusSchema,
  createdAt: z.iso.datetime({ offset: true }),
  /** When the file is deleted: set once it is ready. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** The zip's size in bytes, once ready. */
  sizeBytes: z.number().int().nonnegative().nullable(),
  /** Where the owner downloads it (with their session), while it is ready. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** POST /api/me/export answers 202 with the new export's id and state. */
export const dataExportCreatedSchema = z.object({
  id: idSchema,
  status: dataExportStatusSchema,
});
export type DataExportCreated = z.infer<typeof dataExportCreatedSchema>;

/** GET /api/me/export: the person's newest export, or null before their first. */
export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

export const dataExportParamsSchema = z.object({
  id: z.uuid({ error: 'The export id is not valid' }),
});

/** The download path of an export (the API's, with its /api prefix). */
export function dataExportDownloadPath(id: string): string {
  return `/api/me/export/${encodeURIComponent(id)}/download`;
}
