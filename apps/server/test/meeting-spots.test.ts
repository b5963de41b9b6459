import { beforeAll, describe, expect, it } from 'vitest';
import type { MeetingSpot, MeetingSpotInput } from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call } from './helpers/market.ts';

/*
 * Safe meeting spots: admins add, change and remove them; everyone lists them by area, or near
 * a place within a radius, nearest first, with rounded distances. Bad input is refused with the
 * field's message and changes nothing.
 */

const t = useTestApp();
let admin: TestUser;
let seller: TestUser;

const GULSHAN = 2000000001;
const CHATTOGRAM = 1205733;
const SYLHET = 1185099;

const spot = (overrides: Partial<MeetingSpotInput> = {}): MeetingSpotInput => ({
  name: 'Gulshan Police Station',
  address: 'Gulshan Avenue, near Gulshan 2 Circle',
  placeId: GULSHAN,
  lat: 23.7937,
  lon: 90.415,
  openingHours: 'Open all day, every day',
  kind: 'police_station',
  ...overrides,
});

const rows = () => t.app.db.selectFrom('meeting_spots').selectAll().orderBy('id').execute();
const list = async (query = '') => {
  const res = await call(t, null, 'GET', `/api/meeting-spots${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { spots: res.json<MeetingSpot[]>(), total: Number(res.headers['x-total-count']) };
};

const ids: Record<string, string> = {};

beforeAll(async () => {
  admin = await createUser(t, { role: 'admin' });
  seller = await createUser(t, { role: 'seller' });
  const inputs = {
    gulshan: spot(),
    jamuna: spot({
      name: 'Jamuna Future Park',
      address: 'Progoti Sarani, Kuril',
      placeId: 2000000007,
      lat: 23.8135,
      lon: 90.4244,
      kind: 'shopping_centre',
      openingHours: 'Daily 10:00–21:00',
    }),
    uttara: spot({
      name: 'Uttara North Metro Station',
      address: 'Sector 16',
      placeId: 2000000005,
      lat: 23.869,
      lon: 90.367,
      kind: 'station',
    }),
    agrabad: spot({
      name: 'Double Mooring Police Station',
      address: 'Agrabad Access Road',
      placeId: 2000000101,
      lat: 22.329,
      lon: 91.806,
    }),
    sylhet: spot({
      name: 'Sylhet Railway Station',
      address: 'Station Road',
      placeId: SYLHET,
      lat: 24.8799,
      lon: 91.8713,
      kind: 'station',
    }),
  };
  for (const [key, body] of Object.entries(inputs)) {
    const res = await call(t, admin, 'POST', '/api/admin/meeting-spots', body);
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json<MeetingSpot>().id;
  }
});

describe(`meeting spots on ${testDbKind}`, () => {
  it("adds a spot with its place's name as its area", async () => {
    const stored = await t.app.db
      .selectFrom('meeting_spots')
      .selectAll()
      .where('id', '=', ids.gulshan!)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Gulshan Police Station',
      placeId: GULSHAN,
      area: 'Gulshan, Dhaka',
      kind: 'police_station',
      removedAt: null,
    });
    expect(Number(stored.lat)).toBe(23.7937);
  });

  it('lists every spot by area, then name, without distances', async () => {
    const { spots, total } = await list();
    expect(total).toBe(5);
    expect(spots.map((s) => s.area)).toEqual([
      'Agrabad, Chattogram',
      'Bashundhara, Dhaka',
      'Gulshan, Dhaka',
      'Sylhet, Bangladesh',
      'Uttara, Dhaka',
    ]);
    expect(spots.every((s) => s.distanceKm === null)).toBe(true);
  });

  it('lists the spots near a place, nearest first, within the radius, distances rounded', async () => {
    const near = await list(`?near=${GULSHAN}`);
    expect(near.spots.map((s) => [s.name, s.distanceKm])).toEqual([
      ['Gulshan Police Station', 1],
      ['Jamuna Future Park', 3],
      ['Uttara North Metro Station', 10],
    ]);
    expect(near.total).toBe(3);
    // 5 km leaves Uttara out; 500 km takes Chattogram and Sylhet in.
    expect((await list(`?near=${GULSHAN}&radiusKm=5`)).spots.map((s) => s.name)).toEqual([
      'Gulshan Police Station',
      'Jamuna Future Park',
    ]);
    const wide = await list(`?near=${GULSHAN}&radiusKm=500`);
    expect(wide.spots.map((s) => s.name).slice(3)).toEqual([
      'Sylhet Railway Station',
      'Double Mooring Police Station',
    ]);
    expect(wide.spots.slice(3).map((s) => s.distanceKm)).toEqual([190, 215]);
    expect((await list(`?near=${CHATTOGRAM}`)).spots.map((s) => s.name)).toEqual([
      'Double Mooring Police Station',
    ]);
    // Pages of the same order.
    const second = await list(`?near=${GULSHAN}&page=2&limit=2`);
    expect(second.spots.map((s) => s.name)).toEqual(['Uttara North Metro Station']);
    expect(second.total).toBe(3);
  });

  it.each([
    ['an unknown place', '?near=999', 'near', 'Choose an area from the suggestions'],
    [
      'a place that is not a number',
      '?near=Gulshan',
      'near',
      'Choose an area from the suggestions',
    ],
    [
      'a radius of 0',
      `?near=${GULSHAN}&radiusKm=0`,
      'radiusKm',
      'The radius must be between 1 and 500 km',
    ],
    [
      'a radius of 501',
      `?near=${GULSHAN}&radiusKm=501`,
      'radiusKm',
      'The radius must be between 1 and 500 km',
    ],
    [
      'a radius in words',
      `?near=${GULSHAN}&radiusKm=far`,
      'radiusKm',
      'The radius must be a number of kilometres',
    ],
  ])('refuses %s with 400 and its message', async (_label, query, field, message) => {
    const res = await call(t, null, 'GET', `/api/meeting-spots${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toBe(
      message,
    );
  });

  it.each([
    ['an unknown place', { placeId: 999 }, 'placeId', 'Choose an area from the suggestions'],
    [
      'a place id in words',
      { placeId: 'Gulshan' },
      'placeId',
      'Choose an area from the suggestions',
    ],
    ['a latitude past 90', { lat: 91 }, 'lat', 'Latitude must be between -90 and 90'],
    ['a longitude in words', { lon: 'east' }, 'lon', 'Longitude must be a number'],
    ['a blank name', { name: '  ' }, 'name', 'Name is required'],
    [
      'a name of 101 characters',
      { name: 'N'.repeat(101) },
      'name',
      'Name must be at most 100 characters',
    ],
    [
      'an address on two lines',
      { address: 'Road 1\nBlock B' },
      'address',
      'Address must be one line, without control characters',
    ],
    ['no opening hours', { openingHours: undefined }, 'openingHours', 'Opening hours is required'],
    [
      'an unknown kind',
      { kind: 'bank' },
      'kind',
      'Choose the kind of place: police station, shopping centre, station or seller’s shop',
    ],
  ])(
    'refuses a spot with %s, 400 with the field, adding nothing',
    async (_l, change, field, message) => {
      const before = await rows();
      const res = await call(t, admin, 'POST', '/api/admin/meeting-spots', {
        ...spot(),
        ...change,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toBe(
        message,
      );
      expect(await rows()).toEqual(before);
      // The same refusal for a change, which changes nothing either.
      const put = await call(t, admin, 'PUT', `/api/admin/meeting-spots/${ids.gulshan}`, {
        ...spot(),
        ...change,
      });
      expect(put.statusCode).toBe(400);
      expect(await rows()).toEqual(before);
    },
  );

  it('changes a spot, area and all, and refuses one that does not exist', async () => {
    const res = await call(
      t,
      admin,
      'PUT',
      `/api/admin/meeting-spots/${ids.uttara}`,
      spot({
        name: 'Uttara Centre Metro Station',
        address: 'Sector 13',
        placeId: 2000000005,
        lat: 23.8596,
        lon: 90.3653,
        kind: 'station',
        openingHours: 'Daily 07:10–21:30',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MeetingSpot>()).toMatchObject({
      id: ids.uttara,
      name: 'Uttara Centre Metro Station',
      area: 'Uttara, Dhaka',
      openingHours: 'Daily 07:10–21:30',
    });
    expect((await list()).spots.find((s) => s.id === ids.uttara)?.name).toBe(
      'Uttara Centre Metro Station',
    );
    const before = await rows();
    const missing = await call(t, admin, 'PUT', '/api/admin/meeting-spots/no-such-spot', spot());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such meeting spot', reason: 'bookings.spot.noSuch' },
    });
    expect(await rows()).toEqual(before);
  });

  it('removes a spot from the lists; removing it again is 404', async () => {
    const added = await call(
      t,
      admin,
      'POST',
      '/api/admin/meeting-spots',
      spot({ name: 'Old spot' }),
    );
    const id = added.json<MeetingSpot>().id;
    const res = await call(t, admin, 'DELETE', `/api/admin/meeting-spots/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: true });
    expect((await list()).spots.map((s) => s.id)).not.toContain(id);
    expect((await list(`?near=${GULSHAN}`)).spots.map((s) => s.id)).not.toContain(id);
    const again = await call(t, admin, 'DELETE', `/api/admin/meeting-spots/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such meeting spot', reason: 'bookings.spot.noSuch' },
    });
    // A change of a removed spot is refused too.
    expect((await call(t, admin, 'PUT', `/api/admin/meeting-spots/${id}`, spot())).statusCode).toBe(
      404,
    );
  });

  it('documents the calls in the OpenAPI document', async () => {
    const doc = (await call(t, null, 'GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, { summary?: string; responses: object }>>;
    }>();
    expect(Object.keys(doc.paths['/api/meeting-spots'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/admin/meeting-spots'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/admin/meeting-spots/{id}'] ?? {}).sort()).toEqual(
      expect.arrayContaining(['delete', 'put']),
    );
    expect(Object.keys(doc.paths['/api/booking/{id}/share'] ?? {}).sort()).toEqual(
      expect.arrayContaining(['delete', 'get', 'post']),
    );
    const plan = doc.paths['/api/meeting-plans/{token}']?.get;
    expect(plan?.summary).toBe('A shared meeting plan, as its link shows it (no sign-in)');
    expect(Object.keys(plan?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404']));
  });

  it('lets only admins write, before looking at the body', async () => {
    const before = await rows();
    for (const [caller, status] of [
      [null, 401],
      [seller, 403],
    ] as const) {
      expect((await call(t, caller, 'POST', '/api/admin/meeting-spots', spot())).statusCode).toBe(
        status,
      );
      expect((await call(t, caller, 'POST', '/api/admin/meeting-spots', {})).statusCode).toBe(
        status,
      );
      expect(
        (await call(t, caller, 'DELETE', `/api/admin/meeting-spots/${ids.gulshan}`)).statusCode,
      ).toBe(status);
    }
    expect(await rows()).toEqual(before);
  });
});
