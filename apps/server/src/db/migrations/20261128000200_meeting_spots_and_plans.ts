import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Safe meeting spots and shared meeting plans (decision 0034).
 *
 * `meeting_spots`: public places the admins list for meetings (a police station, a shopping
 * centre, a station, a seller's shop), each in a place of the gazetteer (`placeId`, and the
 * place's name as shown, `area`), with its own coordinates: a spot is a public place, never a
 * person's position. A removed spot (`removedAt`) leaves the lists; deals made at it keep it.
 *
 * `bookings.meetingSpotId`: the spot a seller chose on accepting a request, or null for a place
 * typed in (the words stay in `meetingPlace` either way).
 *
 * `meeting_plan_shares`: a party's link to their meeting plan for someone they trust, at most
 * one live link per party and deal; `revokedAt` once they stop sharing it.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('meeting_spots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('placeId', 'integer', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('openingHours', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(sql`kind in ('police_station', 'shopping_centre', 'station', 'seller_shop')`),
    )
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addColumn('removedAt', t.timestamp)
    .execute();
  await db.schema
    .createIndex('meeting_spots_area_idx')
    .on('meeting_spots')
    .columns(['area', 'name', 'id'])
    .where(sql.ref('removedAt'), 'is', sql`null`)
    .execute();

  // No foreign key: spots are never deleted (only marked removed), and SQLite cannot drop a
  // column a foreign key uses.
  await db.schema.alterTable('bookings').addColumn('meetingSpotId', 'text').execute();

  await db.schema
    .createTable('meeting_plan_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bookingId', 'text', (c) =>
      c.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('revokedAt', t.timestamp)
    .execute();
  await db.schema
    .createIndex('meeting_plan_shares_live_idx')
    .on('meeting_plan_shares')
    .columns(['bookingId', 'userId'])
    .unique()
    .where(sql.ref('revokedAt'), 'is', sql`null`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('meeting_plan_shares').execute();
  await db.schema.alterTable('bookings').dropColumn('meetingSpotId').execute();
  await db.schema.dropTable('meeting_spots').execute();
}
