import { z } from '../zod.ts';

/** What a server's in-memory search index is doing, and how far it is behind the database. */
export const searchIndexHealthSchema = z.object({
  /**
   * `starting`: the first build after the server started is under way, and searches answer 503
   * (SEARCH_STARTING) until it is done; `ready`: following the database; `catching_up`: applying
   * a backlog longer than a search applies on its way (searches meanwhile are answered from the
   * index as it stands); `rebuilding`: a new index is being built beside the current one.
   */
  state: z.enum(['starting', 'ready', 'catching_up', 'rebuilding']),
  /** About how many log entries (changes) are written and not yet applied; null while starting. */
  behind: z.number().int().nonnegative().nullable(),
  /** Milliseconds since the index last applied the log to its end; null while starting. */
  caughtUpMsAgo: z.number().int().nonnegative().nullable(),
});
export type SearchIndexHealth = z.infer<typeof searchIndexHealthSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['sqlite', 'postgres']),
  /** The server's search index. */
  search: searchIndexHealthSchema,
});
export type Health = z.infer<typeof healthSchema>;
