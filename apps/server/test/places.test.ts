import { describe, expect, it } from 'vitest';
import {
  PLACE_ID_MESSAGE,
  distanceKm,
  roundDistanceKm,
  type Place,
  type PlaceSuggestions,
} from '@market/shared';
import { Gazetteer, loadGazetteer, placeKey, requirePlace } from '../src/modules/places/public.ts';
import { useTestApp } from './build-test-app.ts';

const t = useTestApp();

const suggest = async (q: string, limit?: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/places/suggest?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PlaceSuggestions).places;
};

const errorOf = (body: string) =>
  (JSON.parse(body) as { error: { message: string; fields?: Record<string, string> } }).error;

describe('the gazetteer', () => {
  const bd = loadGazetteer(['BD']);

  it("knows the demo's areas: Dhaka, its neighbourhoods, Chattogram, Sylhet", () => {
    expect(bd.get(1185241)).toMatchObject({ name: 'Dhaka', kind: 'city', country: 'BD' });
    expect(bd.named('Gulshan')[0]).toMatchObject({
      id: 2_000_000_001,
      kind: 'neighbourhood',
      city: 'Dhaka',
      label: 'Gulshan, Dhaka',
    });
    for (const name of ['Banani', 'Dhanmondi', 'Mirpur', 'Uttara', 'Chattogram', 'Sylhet'])
      expect(bd.named(name), name).toHaveLength(1);
    // The official spelling is shown; the older one still finds the city.
    expect(bd.named('Chittagong')[0]?.name).toBe('Chattogram');
    expect(bd.named('Cumilla')[0]?.id).toBe(1185186);
  });

  it('keeps only the chosen countries, and is read once per process', () => {
    expect(bd.size).toBeGreaterThan(100);
    expect(bd.size).toBeLessThan(1000);
    expect(bd.named('Paris')).toEqual([]);
    expect(loadGazetteer(['BD'])).toBe(bd);
    const small = new Gazetteer([]);
    expect(small.size).toBe(0);
    expect(small.suggest('dha', 5)).toEqual([]);
    expect(small.nearest(23.8, 90.4)).toBeNull();
  });

  it('rounds every centre to two decimals (about 1 km)', () => {
    for (const place of bd.suggest('d', 10)) {
      expect(Math.round(place.lat * 100) / 100).toBe(place.lat);
      expect(Math.round(place.lon * 100) / 100).toBe(place.lon);
    }
    expect(bd.get(1185241)).toMatchObject({ lat: 23.71, lon: 90.41 });
  });

  it('reads the place a free-text location clearly names', () => {
    expect(bd.placeOf('Dhaka, Gulshan')?.id).toBe(2_000_000_001);
    expect(bd.placeOf('Gulshan, Dhaka')?.id).toBe(2_000_000_001);
    expect(bd.placeOf('Narayanganj')?.id).toBe(1185155);
    expect(bd.placeOf('Sylhet, Gulshan')).toBeNull();
    expect(bd.placeOf('somewhere')).toBeNull();
    expect(bd.placeOf('a, b, c')).toBeNull();
  });

  it('names the place nearest a point', () => {
    expect(bd.nearest(23.7931, 90.4162)?.name).toBe('Gulshan');
    expect(bd.nearest(24.912, 91.868)?.name).toBe('Ambarkhana');
  });

  it('makes keys without case, accents or apostrophes', () => {
    expect(placeKey('Cox’s Bāzār')).toBe('coxs bazar');
    expect(placeKey('  Dhaka,  GULSHAN ')).toBe('dhaka gulshan');
  });

  it('refuses an unknown id with the field named', () => {
    expect(requirePlace(bd, 2_000_000_001, 'placeId').name).toBe('Gulshan');
    let caught: unknown;
    try {
      requirePlace(bd, 42, 'near');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ statusCode: 400, fields: { near: PLACE_ID_MESSAGE } });
  });
});

describe('distances', () => {
  it('measures great-circle km', () => {
    // Dhaka to Chattogram is about 213 km as the crow flies.
    expect(distanceKm(23.71, 90.41, 22.34, 91.83)).toBeGreaterThan(205);
    expect(distanceKm(23.71, 90.41, 22.34, 91.83)).toBeLessThan(220);
    expect(distanceKm(23.79, 90.42, 23.79, 90.42)).toBe(0);
  });

  it('rounds to the km under 10 km, to 5 km above, never below 1', () => {
    expect([0, 0.4, 1.4, 1.6, 9.4, 9.6, 12.4, 12.6, 49, 213].map(roundDistanceKm)).toEqual([
      1, 1, 1, 2, 9, 10, 10, 15, 50, 215,
    ]);
  });
});

describe('GET /api/places/suggest', () => {
  it('answers places whose names begin with the typed letters, best first', async () => {
    const dha = await suggest('dha');
    expect(dha.map((p) => p.label)).toEqual(['Dhaka, Bangladesh', 'Dhanmondi, Dhaka']);
    expect(dha[0]).toEqual({
      id: 1185241,
      name: 'Dhaka',
      kind: 'city',
      city: null,
      country: 'BD',
      countryName: 'Bangladesh',
      label: 'Dhaka, Bangladesh',
      lat: 23.71,
      lon: 90.41,
    } satisfies Place);
    expect((await suggest('gul')).map((p) => p.id)).toEqual([2_000_000_001]);
    expect((await suggest('Dhaka, Gulshan')).map((p) => p.name)).toEqual(['Gulshan']);
    expect((await suggest('gulshan dhaka')).map((p) => p.name)).toEqual(['Gulshan']);
    expect((await suggest('CHITTAGONG')).map((p) => p.name)).toEqual(['Chattogram']);
    expect((await suggest('rajshahi')).map((p) => p.id)).toEqual([1185128]);
    expect(await suggest('zzzz')).toEqual([]);
  });

  it('answers at most `limit` places, 8 unless asked', async () => {
    expect(await suggest('b')).toHaveLength(8);
    expect(await suggest('b', 3)).toHaveLength(3);
    expect(await suggest('b', 10)).toHaveLength(10);
  });

  it('may be kept by browsers and shared caches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/places/suggest?q=syl' });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it.each([
    ['', 'q', 'Type the first letters of an area'],
    ['?q=', 'q', 'Type the first letters of an area'],
    ['?q=%20%20', 'q', 'Type the first letters of an area'],
    [`?q=${'a'.repeat(81)}`, 'q', 'Type at most 80 characters'],
    ['?q=dh&limit=0', 'limit', 'limit must be a number from 1 to 10'],
    ['?q=dh&limit=11', 'limit', 'limit must be a number from 1 to 10'],
    ['?q=dh&limit=two', 'limit', 'limit must be a number from 1 to 10'],
    ['?q=dh&limit=2.5', 'limit', 'limit must be a number from 1 to 10'],
  ])('refuses %s with the field named', async (query, field, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/places/suggest${query}` });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).fields?.[field]).toBe(message);
  });
});

describe('GET /api/places/:id', () => {
  it('answers the place', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/places/2000000002' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Banani', city: 'Dhaka', lat: 23.79, lon: 90.4 });
  });

  it('answers 404 for an id no place has, 400 for one that cannot be an id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/places/42' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing.body).message).toBe('There is no such place');
    for (const bad of ['abc', '-5', '0', '99999999999', '1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/places/${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res.body).fields?.id, bad).toBe(PLACE_ID_MESSAGE);
    }
  });
});
