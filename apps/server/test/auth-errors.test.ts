import { describe, expect, it } from 'vitest';
import { errorResponseSchema, MESSAGES, type ErrorResponse } from '@market/shared';
import { buildTestApp, testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, uniqueTestIp } from './factories.ts';
import { SAME_ORIGIN, sameOriginPost } from './helpers/auth.ts';

const t = useTestApp();

const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
  sameOriginPost(t, url, payload, { headers });

/** The answer is the API's one error shape, and nothing else. */
function errorOf(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as ErrorResponse;
  expect(errorResponseSchema.strict().parse(body)).toEqual(body);
  expect(Object.keys(body)).toEqual(['error']);
  return body.error;
}

describe(`/api/auth errors in the API's shape on ${testDbKind}`, () => {
  it('a wrong password: 401 UNAUTHORIZED, no session', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'not-the-password',
    });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({ code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('an unknown email: the same 401 as a wrong password', async () => {
    const res = await post('/api/auth/sign-in/email', {
      email: `nobody-${Date.now()}@example.test`,
      password: 'whatever-password',
    });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({ code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials });
  });

  it('a body that is not JSON: 400 BAD_REQUEST', async () => {
    const res = await post('/api/auth/sign-in/email', '{"email":', {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('BAD_REQUEST');
  });

  it('a body with a wrong type or a missing field: 400 VALIDATION_FAILED naming the field', async () => {
    const wrongType = await post('/api/auth/sign-in/email', { email: 42, password: 'x' });
    expect(wrongType.statusCode).toBe(400);
    expect(errorOf(wrongType)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: expect.any(String) },
    });

    const notAnEmail = await post('/api/auth/sign-in/email', { email: 'nope', password: 'x' });
    expect(notAnEmail.statusCode).toBe(400);
    expect(errorOf(notAnEmail)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'Invalid email' },
    });

    const noBody = await post('/api/auth/sign-in/email', '', {});
    expect(noBody.statusCode).toBe(400);
    expect(errorOf(noBody).code).toBe('VALIDATION_FAILED');
  });

  it('a body of another media type: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await post('/api/auth/sign-in/email', 'email=a', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('too many attempts: 429 RATE_LIMITED with retry-after, and the message says how long', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const address = uniqueTestIp();
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: address,
        headers: { origin: SAME_ORIGIN },
        payload: { email: user.email, password: 'not-the-password' },
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    const error = errorOf(limited);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(
      /^Too many sign-in attempts\. Try again in \d+ (seconds?|minute)\.$/,
    );
  });

  it('an unknown path under /api/auth: 404 NOT_FOUND', async () => {
    const res = await post('/api/auth/no-such-endpoint', {});
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({
      code: 'NOT_FOUND',
      message: 'No route for POST /api/auth/no-such-endpoint',
    });
  });

  it('a reset with a used or unknown token: 400 in the same shape', async () => {
    const res = await post('/api/auth/reset-password', {
      newPassword: 'brand-new-password',
      token: 'no-such-token',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('BAD_REQUEST');
  });

  it('an error inside the auth library: 500 INTERNAL, without details', async () => {
    // The database goes away under a sign-in that has passed every check.
    const broken = await buildTestApp();
    try {
      const target = await createUser(broken, { role: 'buyer' });
      // Devices' push subscriptions hang on their sessions: PostgreSQL drops them along.
      const drop = broken.db.handle.db.schema.dropTable('sessions');
      await (testDbKind === 'postgres' ? drop.cascade() : drop).execute();
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: uniqueTestIp(),
        headers: { origin: SAME_ORIGIN },
        payload: { email: target.email, password: target.password },
      });
      expect(res.statusCode).toBe(500);
      // Its id, to quote to the operator, is the one in its header and its log lines.
      expect(errorOf(res)).toEqual({
        code: 'INTERNAL',
        message: 'Something went wrong on our side',
        requestId: res.headers['x-request-id'],
      });
    } finally {
      await broken.close();
    }
  });
});
