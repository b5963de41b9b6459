import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { acceptedLanguage, type ErrorCode, type ErrorResponse } from '@market/shared';
import { serverTexts, type ServerTexts } from '@market/shared/texts';
import {
  AppError,
  ERROR_CODE_FOR_STATUS,
  reason,
  wordRefusal,
  type Refusal,
} from '../lib/errors.ts';

function send(
  statusCode: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  reason?: string,
): { statusCode: number; body: ErrorResponse } {
  return {
    statusCode,
    body: {
      error: { code, message, ...(fields ? { fields } : {}), ...(reason ? { reason } : {}) },
    },
  };
}

/**
 * The texts an error answer is worded in: the language the request asks for (the web app sends
 * its page's), else English.
 */
function textsFor(request: FastifyRequest, currency: string): ServerTexts {
  return serverTexts(acceptedLanguage(request.headers['accept-language']) ?? 'en', currency);
}

/**
 * One error shape for every /api response: { error: { code, message, fields?, requestId? } }.
 * A server error (5xx) also carries the request's id, which its log lines carry, so that a
 * person can quote it; a refusal (4xx) says what to change instead, and has it in X-Request-Id.
 */
export function registerErrorHandling(app: FastifyInstance, currency: string): void {
  const worded = (request: FastifyRequest, refusal: Refusal) =>
    wordRefusal(refusal, textsFor(request, currency));
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    let out: ReturnType<typeof send>;
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      const { message, fields } = err.worded(textsFor(request, currency));
      out = send(err.statusCode, err.code, message, fields, err.reasonKey);
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const first = Object.entries(fields)[0];
      const message = first
        ? first[0] === '_'
          ? first[1]
          : `${first[0]}: ${first[1]}`
        : 'Invalid request';
      out = send(400, 'VALIDATION_FAILED', message, fields);
    } else if (isDatabaseUnavailable(err)) {
      // The database is restarting or unreachable: nothing was written; the client may retry.
      request.log.warn({ err }, 'database unavailable');
      void reply.header('retry-after', '1');
      out = send(503, 'SERVICE_UNAVAILABLE', worded(request, 'common.unavailable'));
    } else {
      const status =
        'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err }, 'request failed');
        out = send(
          status === 503 ? 503 : 500,
          status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL',
          worded(request, status === 503 ? 'common.unavailable' : 'common.internal'),
        );
      } else {
        out = send(status, ERROR_CODE_FOR_STATUS[status] ?? 'BAD_REQUEST', err.message);
      }
    }
    if (out.statusCode >= 500) out.body.error.requestId = request.id;
    // The words depend on the language asked for.
    const vary = reply.getHeader('vary');
    void reply.header('vary', vary ? `${String(vary)}, accept-language` : 'accept-language');
    return reply.status(out.statusCode).send(out.body);
  });
}

/** Unknown /api paths and non-GET requests get the JSON 404 (pages have their own route). */
export function registerNotFound(app: FastifyInstance, currency: string): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const refusal = reason('common.noRoute', { method: request.method, path: pathname });
    const { statusCode, body } = send(
      404,
      'NOT_FOUND',
      wordRefusal(refusal, textsFor(request, currency)),
    );
    return reply.status(statusCode).header('vary', 'accept-language').send(body);
  });
}

const UNAVAILABLE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/**
 * Connection failures and server shutdowns (PostgreSQL classes 08 and 57P), a busy SQLite file,
 * and a pool that timed out waiting for a connection.
 */
function isDatabaseUnavailable(err: Error): boolean {
  const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
  return (
    UNAVAILABLE_NETWORK_CODES.has(code) ||
    code.startsWith('08') ||
    code.startsWith('57P') ||
    code === 'SQLITE_BUSY' ||
    err.message === 'timeout exceeded when trying to connect' ||
    err.message === 'Connection terminated unexpectedly' ||
    err.message === 'Connection terminated due to connection timeout'
  );
}
