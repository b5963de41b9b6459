import { describe, expect, it } from 'vitest';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { call } from './helpers/market.ts';

const t = useTestApp();

/** The calls of the marketplace specification (section 7), as the API serves them under /api. */
const SPECIFICATION_CALLS = [
  'GET /api/advertisement',
  'GET /api/categories',
  'GET /api/reviews',
  'GET /api/blogs',
  'GET /api/jwt',
  'PUT /api/users',
  'GET /api/users/buyers/{email}',
  'GET /api/users/admin/{email}',
  'GET /api/users/seller/{email}',
  'GET /api/seller-role',
  'GET /api/products/{categoryName}',
  'GET /api/my-products',
  'PUT /api/my-products/{id}',
  'DELETE /api/my-products/{id}',
  'POST /api/add-product',
  'GET /api/all-sellers',
  'PUT /api/all-sellers/{email}',
  'DELETE /api/all-sellers/{email}',
  'GET /api/all-buyers',
  'GET /api/booking',
  'POST /api/booking',
  'GET /api/wish-list',
  'POST /api/wish-list',
  'DELETE /api/wish-list/{id}',
];

type Operation = { 'x-frozen'?: unknown };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** The `/api/my-...` paths there were when new routes came to say "mine" as `/api/me/...`. */
const MY_PATHS = [
  '/api/my-buyers',
  '/api/my-products',
  '/api/my-products/{id}',
  '/api/my-products/{id}/review-request',
  '/api/my-products/{id}/sold',
];
/** A path segment: kebab-case words, a parameter, or a file name (`calendar.ics`). */
const SEGMENT = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z]+)?|\{[a-z][a-zA-Z]*\})$/;

describe(`the OpenAPI document on ${testDbKind}`, () => {
  it('marks exactly the routes of the specification as frozen', async () => {
    const res = await call(t, null, 'GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApi>();
    const all: string[] = [];
    const frozen: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        all.push(name);
        if (operation['x-frozen'] === true) frozen.push(name);
        else expect(operation['x-frozen'], name).toBeUndefined();
      }
    }
    // Each of them is served, and nothing else is marked.
    expect(all).toEqual(expect.arrayContaining(SPECIFICATION_CALLS));
    expect(frozen.sort()).toEqual([...SPECIFICATION_CALLS].sort());
  });

  it('has every path in the style of new routes', async () => {
    const doc = (await call(t, null, 'GET', '/api/openapi.json')).json<OpenApi>();
    const paths = Object.keys(doc.paths);
    const offStyle = paths.filter(
      (path) =>
        !path.startsWith('/api/') ||
        !path
          .slice(5)
          .split('/')
          .every((s) => SEGMENT.test(s)),
    );
    expect(offStyle).toEqual([]);
    expect(paths.filter((path) => path.startsWith('/api/my-')).sort()).toEqual(MY_PATHS);
    expect(paths).toContain('/api/me/marks');
  });
});
