/**
 * The routes of the marketplace specification (its section 7, "Calls"), under /api: frozen, so
 * that a client written against the specification keeps working. Their method, path and answer
 * do not change; the OpenAPI document marks each with `x-frozen: true`. New routes follow
 * the style in docs/decisions/0012-room-to-grow.md instead.
 */
export const SPEC_ROUTES = [
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
] as const;

const frozen = new Set<string>(SPEC_ROUTES);

/** Whether `method` on `url` (a Fastify path, `:name` for a parameter) is a specification route. */
export function isSpecRoute(method: string, url: string): boolean {
  return frozen.has(`${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`);
}
