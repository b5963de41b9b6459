import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@market/shared';
import { AUTH_LIMITS } from '../src/plugins/auth/auth-limits.ts';
import { buildTestApp, testDbKind, useTestApp, type TestApp } from './build-test-app.ts';
import { createUser, uniqueTestIp, type TestUser } from './factories.ts';
import { SAME_ORIGIN, sameOriginPost } from './helpers/auth.ts';

const t = useTestApp();

const { passwordCheck, resetRequest } = AUTH_LIMITS;

/** The spellings of one endpoint that the router and Better Auth treat as that endpoint. */
function spellings(path: string): string[] {
  return [
    `/api/auth${path}`,
    `/api/auth/.${path}`,
    `/api/auth/%2e${path}`,
    `/api/auth/%2E${path}`,
    `/api/auth/x/..${path}`,
    `/api/auth/x/%2e%2e${path}`,
    `/api/auth${path}?again=1`,
  ];
}

/** A POST as JSON or as a form, which Better Auth both accepts. */
function send(
  server: TestApp,
  url: string,
  fields: Record<string, string>,
  options: { address: string; form?: boolean; headers?: Record<string, string> },
) {
  return sameOriginPost(
    server,
    url,
    options.form ? new URLSearchParams(fields).toString() : fields,
    {
      remoteAddress: options.address,
      headers: {
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
    },
  );
}

function expectLimited(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}) {
  expect(res.statusCode, res.body).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  const { error } = JSON.parse(res.body) as ErrorResponse;
  expect(error.code).toBe('RATE_LIMITED');
  expect(error.message).toMatch(/Try again in \d+ (second|seconds|minute|minutes)\.$/);
  return seconds;
}

describe(`sign-in limits, whatever the spelling or the encoding, on ${testDbKind}`, () => {
  it('counts every spelling and a form body towards one address and email', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const address = uniqueTestIp();
    const urls = spellings('/sign-in/email');
    for (let i = 0; i < passwordCheck.perAddressAndEmail.max; i += 1) {
      const res = await send(
        t,
        urls[i % urls.length]!,
        { email: user.email, password: 'not-the-password' },
        { address, form: i % 2 === 1 },
      );
      expect(res.statusCode, urls[i % urls.length]).toBe(401);
    }
    // Even the right password now waits.
    expectLimited(
      await send(t, urls[5]!, { email: user.email, password: user.password }, { address }),
    );
    // The same account from another address is not held back by this one.
    const elsewhere = await send(
      t,
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { address: uniqueTestIp() },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts every spelling and a form body towards the email from many addresses', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const urls = spellings('/sign-in/email');
    // createUser signed in once already.
    for (let i = 1; i < passwordCheck.perEmail.max; i += 1) {
      const res = await send(
        t,
        urls[i % urls.length]!,
        // Letter case and spaces do not make another account.
        { email: i % 3 === 0 ? ` ${user.email.toUpperCase()} ` : user.email, password: 'nope' },
        { address: uniqueTestIp(), form: i % 2 === 0 },
      );
      expect([400, 401]).toContain(res.statusCode);
    }
    const seconds = expectLimited(
      await send(
        t,
        '/api/auth/sign-in/email',
        { email: user.email, password: user.password },
        { address: uniqueTestIp() },
      ),
    );
    // A lock on one email lasts at most a minute: nobody keeps its owner out for long.
    expect(seconds).toBeLessThanOrEqual(60);
  });

  it('lets many accounts sign in from one shared address, and limits the address loosely', async () => {
    const address = uniqueTestIp();
    const people: TestUser[] = [];
    for (let i = 0; i < 8; i += 1) people.push(await createUser(t, { role: 'buyer' }));
    for (const person of people) {
      const res = await send(
        t,
        '/api/auth/sign-in/email',
        { email: person.email, password: person.password },
        { address },
      );
      expect(res.statusCode).toBe(200);
    }
    for (let i = people.length; i < passwordCheck.perAddress.max; i += 1) {
      const res = await send(
        t,
        '/api/auth/sign-in/email',
        { email: `someone-${i}-${crypto.randomUUID()}@example.test`, password: 'whatever-pass' },
        { address },
      );
      expect(res.statusCode).toBe(401);
    }
    expectLimited(
      await send(
        t,
        '/api/auth/sign-in/email',
        { email: people[0]!.email, password: people[0]!.password },
        { address },
      ),
    );
    // Thirty password checks: on a busy machine they take longer than the default limit, and
    // past the rule's 60-second window the address would be counted afresh.
  }, 60_000);

  it('counts an IPv6 client by its /64, whichever address of it is used', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const prefix = `2001:db8:${crypto.randomInt(65536).toString(16)}:1`;
    for (let i = 0; i < passwordCheck.perAddressAndEmail.max; i += 1) {
      const res = await send(
        t,
        '/api/auth/sign-in/email',
        { email: user.email, password: 'not-the-password' },
        { address: `${prefix}::${(i + 1).toString(16)}` },
      );
      expect(res.statusCode).toBe(401);
    }
    expectLimited(
      await send(
        t,
        '/api/auth/sign-in/email',
        { email: user.email, password: user.password },
        { address: `${prefix}:0:0:0:abcd` },
      ),
    );
  });
});

describe(`password checks of a signed-in user on ${testDbKind}`, () => {
  function verifyPassword(user: TestUser, password: string, address: string, url?: string) {
    return send(
      t,
      url ?? '/api/auth/verify-password',
      { password },
      {
        address,
        headers: user.headers,
      },
    );
  }

  it('limits verify-password like sign-in, per address and email', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const address = uniqueTestIp();
    const urls = spellings('/verify-password');
    for (let i = 0; i < passwordCheck.perAddressAndEmail.max; i += 1) {
      const res = await verifyPassword(user, 'not-the-password', address, urls[i]);
      expect(res.statusCode, urls[i]).toBe(400);
    }
    expectLimited(await verifyPassword(user, user.password, address));
  });

  it('counts sign-in and verify-password on one account together', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const address = uniqueTestIp();
    for (let i = 0; i < 3; i += 1) {
      const res = await send(
        t,
        '/api/auth/sign-in/email',
        { email: user.email, password: 'not-the-password' },
        { address },
      );
      expect(res.statusCode).toBe(401);
    }
    for (let i = 3; i < passwordCheck.perAddressAndEmail.max; i += 1) {
      expect((await verifyPassword(user, 'not-the-password', address)).statusCode).toBe(400);
    }
    expectLimited(
      await send(
        t,
        '/api/auth/sign-in/email',
        { email: user.email, password: user.password },
        { address },
      ),
    );
  });
});

describe(`reset requests on ${testDbKind}`, () => {
  it('refuses a form body: Better Auth takes reset requests as JSON only', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const res = await send(
      t,
      '/api/auth/request-password-reset',
      { email: user.email },
      { address: uniqueTestIp(), form: true },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json<ErrorResponse>().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('counts every spelling towards the email from many addresses', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const urls = spellings('/request-password-reset');
    for (let i = 0; i < resetRequest.perEmail.max; i += 1) {
      const res = await send(
        t,
        urls[i + 1]!,
        { email: user.email, redirectTo: `${SAME_ORIGIN}/reset-password` },
        { address: uniqueTestIp() },
      );
      expect(res.statusCode, urls[i + 1]).toBe(200);
    }
    expectLimited(
      await send(
        t,
        '/api/auth/request-password-reset',
        { email: user.email, redirectTo: `${SAME_ORIGIN}/reset-password` },
        { address: uniqueTestIp() },
      ),
    );
  });

  it('limits one address asking for many emails', async () => {
    const address = uniqueTestIp();
    for (let i = 0; i < resetRequest.perAddress.max; i += 1) {
      const res = await send(
        t,
        '/api/auth/request-password-reset',
        { email: `someone-${i}-${crypto.randomUUID()}@example.test` },
        { address },
      );
      expect(res.statusCode).toBe(200);
    }
    const seconds = expectLimited(
      await send(
        t,
        '/api/auth/request-password-reset',
        { email: `someone-else-${crypto.randomUUID()}@example.test` },
        { address },
      ),
    );
    expect(seconds).toBeGreaterThan(60);
  });
});

// The Redis of this run (test/global-setup.ts); empty on a machine with none.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

describe(`limits of two servers on ${testDbKind}`, () => {
  it(
    redisUrl
      ? 'counts sign-in attempts on one account across two servers sharing Redis'
      : 'without Redis, counts sign-in attempts on each server alone',
    async () => {
      const env = { REDIS_URL: redisUrl };
      const [one, two] = [await buildTestApp({ env }), await buildTestApp({ env })];
      try {
        // An address and an account no earlier run used within the window.
        const address = `172.${16 + crypto.randomInt(16)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;
        const email = `other-${crypto.randomUUID()}@example.test`;
        const attempt = (server: TestApp, i: number) =>
          send(
            server,
            spellings('/sign-in/email')[i]!,
            { email, password: 'wrong-pass' },
            {
              address,
              form: i % 2 === 0,
            },
          );
        if (!redisUrl) {
          for (let i = 0; i < passwordCheck.perAddressAndEmail.max; i += 1) {
            expect((await attempt(one, i)).statusCode).toBe(401);
          }
          expectLimited(await attempt(one, 0));
          // The other server has counted none of them.
          expect((await attempt(two, 1)).statusCode).toBe(401);
          return;
        }
        for (let i = 0; i < passwordCheck.perAddressAndEmail.max; i += 1) {
          expect((await attempt(i % 2 === 0 ? one : two, i)).statusCode).toBe(401);
        }
        expectLimited(await attempt(two, 0));
        expectLimited(await attempt(one, 1));
      } finally {
        await one.close();
        await two.close();
      }
    },
  );
});
