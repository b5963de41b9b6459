import type { Kysely } from 'kysely';
import { SHOW_UP_MIN_MEETINGS, type MeetingSide, type ShowUpRecord } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { countShowUps } from './check-ins.repository.ts';

type Db = Kysely<Database>;

/** "Showed up to N of M meetings" for each person, on one side of their deals; null below M = 3. */
export async function showUpRecords(
  db: Db,
  side: MeetingSide,
  userIds: readonly string[],
): Promise<Map<string, ShowUpRecord | null>> {
  const counts = await countShowUps(db, side, [...new Set(userIds)]);
  const records = new Map<string, ShowUpRecord | null>();
  for (const userId of userIds) {
    const count = counts.get(userId);
    records.set(
      userId,
      count && count.meetings >= SHOW_UP_MIN_MEETINGS
        ? { showed: count.meetings - count.missed, meetings: count.meetings }
        : null,
    );
  }
  return records;
}
