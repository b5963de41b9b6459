import Fastify from 'fastify';
import type { FastifyInstance, onRouteHookHandler } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.ts';
import { registerErrorHandling, registerNotFound } from './plugins/errors.ts';
import { registerWebApp } from './plugins/web/index.ts';
import { DEMO_IMAGES_DIR } from './plugins/web/static-assets.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerRedis } from './lib/redis.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerAccess } from './lib/access.ts';
import { registerResponseCaches } from './lib/response-cache.ts';
import { registerImageUrls } from './lib/image-urls.ts';
import { lazyChildLogger } from './lib/request-logger.ts';
import { requestIdGenerator } from './lib/request-id.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { deleteOwnBelongings } from './modules/accounts/accounts.service.ts';
import { findLanguage } from './modules/accounts/public.ts';
import { findSuspension } from './modules/moderation/public.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { listingsRoutes } from './modules/listings/listings.routes.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { checkInsRoutes } from './modules/bookings/check-ins.routes.ts';
import { NO_SHOW_CHECK_INTERVAL_MS, recordNoShows } from './modules/bookings/check-ins.job.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { marksRoutes } from './modules/marks/marks.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { listingPageRoutes } from './modules/listing-page/listing-page.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { FOLLOW_INTERVAL_MS, registerSearchIndex } from './modules/search/search-index-feed.ts';
import { searchSnapshotPlace } from './modules/search/search-snapshot.ts';
import { savedSearchesRoutes } from './modules/search/saved-searches.routes.ts';
import { registerLiveEvents } from './modules/events/live-event-hub.ts';
import { PRUNE_INTERVAL_MS, pruneLiveEvents } from './modules/events/live-events.prune.ts';
import { HEARTBEAT_MS } from './modules/events/live-streams.ts';
import {
  EXPIRY_CHECK_INTERVAL_MS,
  expireBookingRequests,
} from './modules/bookings/bookings.expiry.ts';
import {
  cleanUpOrphanImages,
  ORPHAN_CLEANUP_INTERVAL_MS,
} from './modules/images/images.cleanup.ts';
import { createImageStorage } from './modules/images/images.storage.ts';
import {
  ALERT_CHECK_MS,
  createOutboxSender,
  DIGEST_CHECK_MS,
  OUTBOX_POLL_MS,
  REMINDER_CHECK_MS,
} from './modules/notifications/notifications.schedule.ts';
import {
  sendMeetingReminders,
  sendSavedSearchAlerts,
  sendSavedSearchDigests,
} from './modules/notifications/notification-jobs.ts';
import { Notifier } from './modules/notifications/notify.ts';
import { UnsubscribeTokens } from './modules/notifications/unsubscribe-token.ts';
import {
  PRICE_STATS_REFRESH_INTERVAL_MS,
  refreshAgedPrices,
} from './modules/phone-facts/price-stats.refresh.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { conversationsRoutes } from './modules/conversations/conversations.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { PushWorker, PUSH_POLL_MS } from './modules/push/public.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { phoneFactsRoutes } from './modules/phone-facts/phone-facts.routes.ts';
import { stolenPhonesRoutes } from './modules/stolen-phones/stolen-phones.routes.ts';
import {
  PLACES_MIGRATION,
  loadGazetteer,
  logPlacedListings,
  type Gazetteer,
} from './modules/places/public.ts';
import { placesRoutes } from './modules/places/places.routes.ts';
import { possessionRoutes } from './modules/possession/possession.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { meetingPlanRoutes } from './modules/bookings/meeting-plan.routes.ts';
import { meetingSpotsRoutes } from './modules/meeting-spots/meeting-spots.routes.ts';
import { registerJsonDepthLimit } from './lib/json-depth.ts';
import { registerJobs } from './lib/jobs.ts';
import { dataExportRoutes } from './modules/data-export/data-export.routes.ts';
import {
  DataExports,
  EXPORT_POLL_MS,
  EXPORT_SWEEP_MS,
} from './modules/data-export/data-export.service.ts';
import { createExportStorage } from './modules/data-export/data-export.storage.ts';
import { registerMetrics } from './modules/metrics/metrics.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo admin's sign-in, shown on the log-in page in a demo run (Config.seedDemoAdmin). */
    demoAdmin: { email: string; password: string } | null;
    /** Cities and neighbourhoods (decision 0033), read once per process. */
    places: Gazetteer;
  }
}

export interface BuildOptions {
  /** An already opened database (tests share one per suite); opened from config otherwise. */
  database?: DatabaseHandle;
  /** Serve the built web app and its history fallback (off in API-only tests). */
  serveWeb?: boolean;
  /** Called for every route as it is registered (tests list the routes the app serves). */
  onRoute?: onRouteHookHandler;
}

export type App = FastifyInstance;

/** Builds the whole product without listening: the server and the tests use the same app. */
export async function buildApp(config: Readonly<Config>, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path segment (an id in a shared link) may be this long before the answer is 414; a
    // segment that cannot be an id is answered 404 by its route.
    routerOptions: { maxParamLength: 2048 },
    forceCloseConnections: 'idle',
    // Also the time an onReady hook may take: the search index of a large catalogue is built
    // before the server answers (about 20 s at a million listings).
    pluginTimeout: 300_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonDepthLimit(app);

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

  const migrated = await migrateToLatest(database.db);
  if (
    migrated.results?.some((r) => r.migrationName === PLACES_MIGRATION && r.status === 'Success')
  ) {
    await logPlacedListings(database.db, app.log);
  }
  let demoAdmin: FastifyInstance['demoAdmin'] = null;
  if (config.seedDemo) {
    // Loaded only when asked for, so a production start never reads the demo data.
    const demo = await import('./modules/demo/seed.ts');
    await demo.seedDemoData(database.db, app.log, { withAdmin: config.seedDemoAdmin });
    if (config.seedDemoAdmin) demoAdmin = demo.demoAdminSignIn();
  }
  app.decorate('demoAdmin', demoAdmin);
  app.decorate('places', loadGazetteer(config.placesCountries));

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandling(app, config.currency);
  registerMetrics(app, database);
  registerSecurityHeaders(app);
  await registerLoadShedding(app);
  // Both check or complete each route as it is registered, so they come before any route.
  registerAccess(app);
  registerResponseCaches(app);
  registerImageUrls(app, DEMO_IMAGES_DIR);
  await registerOpenApi(app);
  await registerRedis(app);
  registerRateLimits(app);
  const imageStorage = createImageStorage(config);
  app.addHook('onClose', async () => imageStorage.close());
  const exportStorage = createExportStorage(config);
  app.addHook('onClose', async () => exportStorage.close());
  const searchSnapshots = searchSnapshotPlace(config);
  app.addHook('onClose', async () => searchSnapshots.close());
  // Started when the app is ready, stopped when it closes (before the image storage, Redis and
  // the database): every background job is registered by name below.
  const jobs = registerJobs(app);
  const liveEventHub = registerLiveEvents(app);
  const searchIndex = registerSearchIndex(app, searchSnapshots.place);
  const notificationMail = {
    publicUrl: config.publicUrl,
    tokens: new UnsubscribeTokens(config.authSecret),
    currency: config.currency,
  };
  // Tells people of changes (notifications, their emails, live events): handed to every module
  // whose changes notify.
  const notifier = new Notifier(liveEventHub, notificationMail);
  app.decorate('notifier', notifier);
  const dataExports = new DataExports({
    db: database.db,
    storage: exportStorage,
    images: imageStorage,
    notifier,
    log: app.log,
  });
  app.decorate('dataExports', dataExports);
  await registerAuth(app, { deleteOwnBelongings, findSuspension, findLanguage });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(accountsRoutes);
      await api.register(catalogRoutes);
      await api.register(contentRoutes);
      await api.register(listingsRoutes);
      await api.register(bookingsRoutes);
      await api.register(checkInsRoutes);
      await api.register(wishlistRoutes);
      await api.register(marksRoutes);
      await api.register(adminRoutes);
      await api.register(imagesRoutes, { storage: imageStorage });
      await api.register(listingPageRoutes);
      await api.register(searchRoutes);
      await api.register(savedSearchesRoutes);
      await api.register(eventsRoutes);
      await api.register(conversationsRoutes);
      await api.register(notificationsRoutes);
      await api.register(pushRoutes);
      await api.register(reviewsRoutes);
      await api.register(moderationRoutes);
      await api.register(phoneFactsRoutes);
      await api.register(stolenPhonesRoutes);
      await api.register(possessionRoutes, { storage: imageStorage });
      await api.register(offersRoutes);
      await api.register(meetingPlanRoutes);
      await api.register(meetingSpotsRoutes);
      await api.register(placesRoutes);
      await api.register(dataExportRoutes);
    },
    { prefix: '/api' },
  );

  if (options.serveWeb !== false) await registerWebApp(app, config.webDistDir);
  registerNotFound(app, config.currency);

  // The background jobs, in the order they start (they stop in the reverse order). Several
  // instances may run each at once: every one is written to do its work once.
  const { db, log } = app;
  // Wakes the open streams of this instance (Redis, and a look at the log every second).
  jobs.add('live events', liveEventHub);
  // Builds the search index once ready, then follows the changes; a build stops at its next
  // batch rather than hold the close up.
  jobs.every('search index', FOLLOW_INTERVAL_MS, () => searchIndex.follow(), {
    interrupt: () => searchIndex.stop(),
    // Kept for the next start, which then reads it rather than build the index (decision 0017).
    stopped: () => searchIndex.saveSnapshot(),
  });
  // The first runs of these three finish before the app answers: work that piled up while it
  // was stopped is done first.
  jobs.every(
    'expiring booking requests',
    EXPIRY_CHECK_INTERVAL_MS,
    () => expireBookingRequests(db, notifier, log),
    {
      firstRunBeforeReady: true,
    },
  );
  jobs.every('removing old live events', PRUNE_INTERVAL_MS, () => pruneLiveEvents(db, log), {
    firstRunBeforeReady: true,
  });
  jobs.every('live stream heartbeats', HEARTBEAT_MS, () => app.liveStreams.heartbeat(), {
    runAtStart: false,
  });
  if (config.outboxWorker) {
    const outbox = createOutboxSender(config, db, notificationMail, log, app.metrics.mail);
    jobs.every('sending notification emails', OUTBOX_POLL_MS, () => outbox.worker.runOnce(), {
      stopped: outbox.close,
    });
  }
  if (config.outboxWorker) {
    const pushes = new PushWorker(db, config.push, log);
    jobs.every('sending push notifications', PUSH_POLL_MS, () => pushes.runOnce());
  }
  jobs.every('meeting reminders', REMINDER_CHECK_MS, () => sendMeetingReminders(db, notifier));
  jobs.every('recording meeting no-shows', NO_SHOW_CHECK_INTERVAL_MS, () =>
    recordNoShows(db, notifier, log),
  );
  jobs.every('saved search digests', DIGEST_CHECK_MS, () =>
    sendSavedSearchDigests(db, notifier, searchIndex),
  );
  jobs.every('saved search alerts', ALERT_CHECK_MS, () =>
    sendSavedSearchAlerts(db, notifier, searchIndex),
  );
  jobs.every(
    'removing orphan images',
    ORPHAN_CLEANUP_INTERVAL_MS,
    () => cleanUpOrphanImages(db, imageStorage, log),
    { runAtStart: false },
  );
  jobs.every(
    'counting aged price medians again',
    PRICE_STATS_REFRESH_INTERVAL_MS,
    () => refreshAgedPrices(db, log),
    { firstRunBeforeReady: true },
  );

  // A pending export is claimed by one instance; one whose worker died is taken up again.
  jobs.every('building data exports', EXPORT_POLL_MS, () => dataExports.runOnce(), {
    stopped: () => dataExports.idle(),
  });
  jobs.every('removing expired data exports', EXPORT_SWEEP_MS, () => dataExports.removeExpired());

  await app.ready();
  return app;
}
