import crypto from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle, type DbKind } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { registerErrorHandling, registerNotFound } from './plugins/errors.ts';
import { registerWebApp } from './plugins/web.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCatalogCache } from './lib/response-cache.ts';
import { lazyChildLogger } from './lib/request-logger.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { listingsRoutes } from './modules/listings/listings.routes.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<Config>;
    db: Kysely<Database>;
    dbKind: DbKind;
  }
}

export interface BuildOptions {
  /** An already opened database (tests share one per suite); opened from config otherwise. */
  database?: DatabaseHandle;
  /** Serve the built web app and its history fallback (off in API-only tests). */
  serveWeb?: boolean;
}

export type App = FastifyInstance;

/** Builds the whole product without listening: the server and the tests use the same app. */
export async function buildApp(config: Readonly<Config>, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  const ownsDatabase = !options.database;
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  if (ownsDatabase) app.addHook('onClose', () => database.close());

  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });

  await migrateToLatest(database.db);
  if (config.seedDemo) await seedDemoData(database.db, app.log);

  registerErrorHandling(app);
  await registerOpenApi(app);
  await registerAuth(app);
  registerCatalogCache(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(accountsRoutes);
      await api.register(catalogRoutes);
      await api.register(contentRoutes);
      await api.register(listingsRoutes);
      await api.register(bookingsRoutes);
      await api.register(wishlistRoutes);
      await api.register(adminRoutes);
      await api.register(imagesRoutes);
    },
    { prefix: '/api' },
  );

  if (options.serveWeb !== false) await registerWebApp(app, config.webDistDir);
  registerNotFound(app);

  await app.ready();
  return app;
}
