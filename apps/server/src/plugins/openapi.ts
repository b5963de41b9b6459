import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isSpecRoute } from '../lib/spec-routes.ts';

/**
 * OpenAPI generated from the routes' zod schemas, at /api/openapi.json, with docs at /api/docs.
 * The specification's routes are marked `x-frozen: true` (lib/spec-routes.ts).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Phone Market API',
        description:
          'The used-phone marketplace API. Every path is under /api. An error answer names its ' +
          'refusal in `reason`, the same in every language, and words its `message` in the language ' +
          'the request asks for with Accept-Language (en or bn; English otherwise).',
        version: '1.0.0',
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const methods = [input.route.method].flat();
      if (!methods.some((method) => isSpecRoute(method, input.url))) return out;
      return { ...out, schema: { ...out.schema, 'x-frozen': true } };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
