import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REPORTS_PER_HOUR,
  adminStatsSchema,
  auditEntrySchema,
  createReportSchema,
  errorResponseSchema,
  idParamsSchema,
  paginationQuerySchema,
  reportGroupSchema,
  reportSchema,
  resolveReportSchema,
  resolvedReportsSchema,
  restoreSchema,
  restoredSchema,
  reviewRequestSchema,
} from '@market/shared';
import { onlyRoles, signedIn } from '../../lib/access.ts';
import { listRoute } from '../../lib/route-shapes.ts';
import { tooManyRequests } from '../../plugins/rate-limit.ts';
import { getAdminStats } from './admin-stats.ts';
import { getAuditLog } from './audit-log.ts';
import { resolveReport, restoreListing, restoreUser } from './moderation.service.ts';
import { getReportQueue } from './report-queue.service.ts';
import { fileReport, requestReview } from './reports.service.ts';

const refusals = { 404: errorResponseSchema, 409: errorResponseSchema };

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const reportQuota = app.rateLimiter({
    name: 'reports',
    max: REPORTS_PER_HOUR,
    windowSeconds: 60 * 60,
  });

  app.post(
    '/reports',
    {
      preValidation: signedIn(),
      // The queue is for administrators only; no shared answer shows reports.
      config: { changes: [] },
      schema: {
        tags: ['moderation'],
        summary: 'Report a listing, an account or a message to the moderators',
        description:
          `One open report per reporter and thing (409), at most ${REPORTS_PER_HOUR} an hour ` +
          "(429). Reporting oneself, one's own listing or message is refused (400); a message " +
          'can be reported only by the other party of its conversation (404 for anyone else).',
        body: createReportSchema,
        response: { 201: reportSchema, ...refusals, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const report = await fileReport(app.db, request.actor, request.body, async () => {
        const wait = await reportQuota.consume(request.actor.id);
        if (wait !== null) throw tooManyRequests('reports', wait);
      });
      return reply.code(201).send(report);
    },
  );

  app.post(
    '/my-products/:id/review-request',
    {
      preValidation: onlyRoles('seller'),
      config: { changes: [] },
      schema: {
        tags: ['moderation'],
        summary: 'Ask the moderators to look again at one of your held or hidden listings',
        description:
          'Opens an automatic report in the queue. 409 while the listing is on show, or while ' +
          "an earlier request is open; another seller's listing answers 404.",
        params: idParamsSchema,
        body: reviewRequestSchema,
        response: { 201: reportSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await requestReview(app.db, request.actor, request.params.id, request.body)),
  );

  listRoute(app, '/admin/reports', {
    guard: onlyRoles('admin'),
    tag: 'moderation',
    summary: 'Open reports grouped by what they are about: most reported first, then newest',
    querystring: paginationQuerySchema,
    item: reportGroupSchema,
    list: ({ query }) => getReportQueue(app.db, query),
  });

  app.post(
    '/admin/reports/:id/resolve',
    {
      preValidation: onlyRoles('admin'),
      // Hiding a listing or suspending its seller takes listings off every list.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['moderation'],
        summary: 'Act on a report: every open report about the same thing is resolved with it',
        description:
          "dismiss, hide_listing, release_listing, suspend_user (a listing's seller, a " +
          "message's sender) or unverify_seller; an action that does not apply to the " +
          "report's kind of target answers 400, one with nothing left to do 409. Recorded in " +
          'the audit log; the reporters are told the outcome. A held listing waits for this ' +
          'decision: dismissing its reports releases it, and an action that leaves it held (a ' +
          'suspension, a verification removed) leaves its reports open in the queue.',
        params: idParamsSchema,
        body: resolveReportSchema,
        response: { 200: resolvedReportsSchema, ...refusals },
      },
    },
    async (request) => {
      const { answer, suspendedUserId } = await resolveReport(
        app.notifier,
        request.actor,
        request.params.id,
        request.body,
      );
      // Sessions this instance holds in memory end now, not when their cache entry expires.
      if (suspendedUserId) await app.forgetUserSessions(suspendedUserId);
      return answer;
    },
  );

  app.post(
    '/admin/users/:id/restore',
    {
      preValidation: onlyRoles('admin'),
      // The account's listings come back to the lists.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['moderation'],
        summary: 'Lift the suspension of an account',
        description: '409 when the account is not suspended. Recorded in the audit log.',
        params: idParamsSchema,
        body: restoreSchema,
        response: { 200: restoredSchema, ...refusals },
      },
    },
    async (request) => {
      await restoreUser(app.db, request.actor, request.params.id, request.body.reason);
      return { restored: true };
    },
  );

  app.post(
    '/admin/products/:id/restore',
    {
      preValidation: onlyRoles('admin'),
      config: { changes: ['catalog'] },
      schema: {
        tags: ['moderation'],
        summary: 'Put a held or hidden listing back on show',
        description:
          '409 when the listing is not held or hidden. Its open reports are resolved; the ' +
          'seller and the reporters are told. Recorded in the audit log.',
        params: idParamsSchema,
        body: restoreSchema,
        response: { 200: restoredSchema, ...refusals },
      },
    },
    async (request) => {
      await restoreListing(app.notifier, request.actor, request.params.id, request.body.reason);
      return { restored: true };
    },
  );

  listRoute(app, '/admin/audit', {
    guard: onlyRoles('admin'),
    tag: 'moderation',
    summary: 'What administrators did, newest first: who, when, what and why (read only)',
    querystring: paginationQuerySchema,
    item: auditEntrySchema,
    list: ({ query }) => getAuditLog(app.db, query),
  });

  app.get(
    '/admin/stats',
    {
      preValidation: onlyRoles('admin'),
      schema: {
        tags: ['moderation'],
        summary: "The dashboard's figures: each of the last 30 days (UTC), and the totals now",
        response: { 200: adminStatsSchema },
      },
    },
    async () => getAdminStats(app.db),
  );
};
