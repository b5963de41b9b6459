import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STOLEN_AFTER_SALE_DAYS,
  STOLEN_REPORTS_PER_DAY,
  adminStolenReportSchema,
  clearStolenReportSchema,
  clearedSchema,
  createStolenReportSchema,
  errorResponseSchema,
  idParamsSchema,
  paginationQuerySchema,
  stolenReportSchema,
  withdrawnSchema,
} from '@market/shared';
import { onlyRoles, signedIn } from '../../lib/access.ts';
import { reason, tooMany, waitFor, type AppError } from '../../lib/errors.ts';
import { listRoute } from '../../lib/route-shapes.ts';
import { ImeiHasher } from '../phone-facts/public.ts';
import {
  clearStolenReport,
  getActiveStolenReports,
  getOwnStolenReports,
  reportStolenPhone,
  withdrawStolenReport,
} from './stolen-phones.service.ts';

/** "Try again in 3 hours": a day's quota waits in hours, not in 1,400 minutes. */
function tooManyStolenReports(seconds: number): AppError {
  const max = STOLEN_REPORTS_PER_DAY;
  return tooMany(
    seconds < 3600
      ? reason('moderation.stolen.tooManyThisHour', { max })
      : reason('moderation.stolen.tooMany', { max, wait: waitFor(seconds) }),
    seconds,
  );
}

const refusals = { 404: errorResponseSchema, 409: errorResponseSchema };

/*
 * Stolen-phone reports (decision 0031). Filing one answers the report and nothing else, the
 * same whether or not a listing has the IMEI, so the call cannot be used to ask where a phone
 * is listed.
 */
export const stolenPhonesRoutes: FastifyPluginAsyncZod = async (app) => {
  const imeis = new ImeiHasher(app.config.authSecret);
  const quota = app.rateLimiter({
    name: 'stolen-reports',
    max: STOLEN_REPORTS_PER_DAY,
    windowSeconds: 24 * 60 * 60,
  });

  app.post(
    '/stolen-phones',
    {
      preValidation: signedIn(),
      // Holding listings takes them off every list.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['stolen phones'],
        summary: 'Report a phone stolen by its IMEI',
        description:
          'Any signed-in person. `imei` (15 digits, spaces and dashes allowed) is kept only as ' +
          'a keyed hash and its last four digits, shown to the reporter alone; `stolenOn` is ' +
          'YYYY-MM-DD, not in the future; `policeReport` is optional. The answer is the report, ' +
          'the same whether or not any listing has the IMEI. Listings of the phone wait for a ' +
          `moderator; a deal of it completed here within ${STOLEN_AFTER_SALE_DAYS} days goes to ` +
          `the moderators. At most ${STOLEN_REPORTS_PER_DAY} a day per account (429 with ` +
          'Retry-After).',
        body: createStolenReportSchema,
        response: { 201: stolenReportSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // Counted once the body is valid: a typo costs nothing.
      const wait = await quota.consume(request.actor.id);
      if (wait !== null) throw tooManyStolenReports(wait);
      const report = await reportStolenPhone(
        app.db,
        app.notifier,
        imeis,
        request.actor,
        request.body,
      );
      return reply.code(201).send(report);
    },
  );

  listRoute(app, '/stolen-phones', {
    guard: signedIn(),
    tag: 'stolen phones',
    summary: "The signed-in person's own stolen-phone reports, newest first (last 4 digits only)",
    querystring: paginationQuerySchema,
    item: stolenReportSchema,
    list: ({ actor, query }) => getOwnStolenReports(app.db, actor, query),
  });

  app.delete(
    '/stolen-phones/:id',
    {
      preValidation: signedIn(),
      config: { changes: ['catalog'] },
      schema: {
        tags: ['stolen phones'],
        summary: 'Withdraw one of your stolen-phone reports',
        description:
          'Listings the report alone held go back on show; a deal it flagged stays with the ' +
          "moderators. Someone else's report answers 404; a closed one 409.",
        params: idParamsSchema,
        response: { 200: withdrawnSchema, ...refusals },
      },
    },
    async (request) => {
      await withdrawStolenReport(app.db, app.notifier, request.actor, request.params.id);
      return { withdrawn: true };
    },
  );

  listRoute(app, '/admin/stolen-phones', {
    guard: onlyRoles('admin'),
    tag: 'stolen phones',
    summary:
      'Active stolen-phone reports, newest first, with the listings of the phone and the deals completed here within 30 days before each',
    querystring: paginationQuerySchema,
    item: adminStolenReportSchema,
    list: ({ query }) => getActiveStolenReports(app.db, query),
  });

  app.post(
    '/admin/stolen-phones/:id/clear',
    {
      preValidation: onlyRoles('admin'),
      config: { changes: ['catalog'] },
      schema: {
        tags: ['stolen phones'],
        summary: 'Clear a stolen-phone report: the phone was recovered, or it was a mistake',
        description:
          'Listings the report held go back on show unless something else holds them (another ' +
          'open report, another active stolen report of the IMEI). Recorded in the audit log; ' +
          'the reporter is told. 409 when the report is already closed.',
        params: idParamsSchema,
        body: clearStolenReportSchema,
        response: { 200: clearedSchema, ...refusals },
      },
    },
    async (request) =>
      clearStolenReport(app.notifier, request.actor, request.params.id, request.body),
  );
};
