import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INSPECTION_IMEI_TRIES,
  errorResponseSchema,
  handoverCodeSchema,
  idParamsSchema,
  inspectionAnswersSchema,
  inspectionImeiResultSchema,
  inspectionImeiSchema,
  inspectionSchema,
} from '@market/shared';
import { onlyRoles } from '../../lib/access.ts';
import { ImeiHasher } from '../phone-facts/public.ts';
import {
  checkInspectionImei,
  getHandoverCode,
  getInspection,
  saveInspectionAnswers,
} from './inspection.service.ts';

const refusals = { 404: errorResponseSchema, 409: errorResponseSchema };
const NO_STORE = 'private, no-store';

/*
 * The check at hand-over (decision 0030): the buyer of an accepted request answers a short
 * checklist with the phone in hand; only then is the 6-digit code shown. The buyer writes; the
 * seller of the deal may read the answers; anyone else is told the booking does not exist.
 */
export function registerInspectionRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const imeis = new ImeiHasher(app.config.authSecret);

  app.get(
    '/booking/:id/inspection',
    {
      preValidation: onlyRoles('buyer', 'seller'),
      schema: {
        tags: ['bookings'],
        summary: "A deal's inspection record: the buyer's check of the phone at the hand-over",
        description:
          'For the buyer and the seller of the request. The answers so far (null: not answered), the IMEI step ("matches", "does_not_match", "unchecked", or "skipped" when the listing has no IMEI) and its tries left, what fails the deal and what is still to answer. Never an IMEI.',
        params: idParamsSchema,
        response: { 200: inspectionSchema, ...refusals },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      return getInspection(app.db, request.actor, request.params.id);
    },
  );

  app.put(
    '/booking/:id/inspection',
    {
      preValidation: onlyRoles('buyer'),
      config: { changes: [] },
      schema: {
        tags: ['bookings'],
        summary: "Save the buyer's answers to the check at hand-over",
        description:
          'The buyer of an accepted request. The whole set of answers, saved as they are (the same body twice leaves the same record), so that each step is kept as it is answered. "verdict": "accept" completes the check and shows the code; it needs every step answered, the IMEI matching (unless the listing has none) and the seller signed out of Find My / Google (409 otherwise, saying what). "reject" refuses the phone: the code stays hidden and the buyer may cancel with the reason "failed_check". 409 when the request is not accepted, or the check is complete and the answers differ.',
        params: idParamsSchema,
        body: inspectionAnswersSchema,
        response: { 200: inspectionSchema, ...refusals },
      },
    },
    async (request) =>
      saveInspectionAnswers(app.db, request.actor, request.params.id, request.body),
  );

  app.post(
    '/booking/:id/inspection/imei',
    {
      preValidation: onlyRoles('buyer'),
      config: { changes: [] },
      schema: {
        tags: ['bookings'],
        summary: 'Check the IMEI the phone shows (*#06#) against the listing',
        description:
          `The buyer of an accepted request. Answers only whether it matches the listing's IMEI (kept as a keyed hash; the number typed is not stored). ${INSPECTION_IMEI_TRIES} tries that do not match per request, then 409. A try that does not match reports the listing to the moderators. 400 for a number that is not an IMEI (15 digits with a valid check digit), which counts no try. ` +
          '409 when the listing has no IMEI (the step is skipped), the request is not accepted, or the check is complete.',
        params: idParamsSchema,
        body: inspectionImeiSchema,
        response: { 200: inspectionImeiResultSchema, ...refusals },
      },
    },
    async (request) =>
      checkInspectionImei(app.db, imeis, request.actor, request.params.id, request.body.imei),
  );

  app.get(
    '/booking/:id/code',
    {
      preValidation: onlyRoles('buyer'),
      schema: {
        tags: ['bookings'],
        summary: "The buyer's 6-digit hand-over code, once the phone is checked",
        description:
          'The buyer of an accepted request. 409 with a message until the check at hand-over is complete (requests accepted before the check began show their code without one), and when the request is not accepted.',
        params: idParamsSchema,
        response: { 200: handoverCodeSchema, ...refusals },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      return getHandoverCode(app.db, request.actor, request.params.id);
    },
  );
}
