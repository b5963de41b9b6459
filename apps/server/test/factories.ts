import { hashPassword } from 'better-auth/crypto';
import crypto from 'node:crypto';
import type { Role } from '@market/shared';
import { insertUserWithPassword } from '../src/modules/accounts/accounts.repository.ts';
import type { TestApp } from './build-test-app.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  role: Role;
  /** The session cookie pair (`name=value`) from a real sign-in. */
  cookie: string;
  headers: { cookie: string };
}

let userCounter = 0;

/**
 * A fresh client address per sign-in, as different people would have: tests create many users
 * and must not trip the per-IP sign-in limit meant for one attacker.
 */
export function uniqueTestIp(): string {
  userCounter += 1;
  return `10.${(userCounter >> 16) & 255}.${(userCounter >> 8) & 255}.${userCounter & 255}`;
}

/** The `name=value` pairs of every Set-Cookie header of a response. */
export function cookiesFrom(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

/** A sign-in through POST /api/auth/sign-in/email, from a fresh client address. */
export function signIn(t: TestApp, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: uniqueTestIp(),
    payload: { email, password },
  });
}

/**
 * A user in the database (with a scrypt-hashed password) who has signed in through
 * POST /api/auth/sign-in/email; its headers carry the real session cookie.
 */
/** The password of test users that are given none. */
const TEST_PASSWORD = 'test-pass-1234';
const hashes = new Map<string, Promise<string>>();
/**
 * A password's hash, made once per password for the whole file: hashing is slow on purpose, and
 * a test suite creates a thousand users. A hash verifies for any account it is stored in.
 */
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function createUser(
  t: TestApp,
  opts: {
    role: 'buyer' | 'seller' | 'admin';
    verified?: boolean;
    name?: string;
    email?: string;
    password?: string;
    phone?: string;
  },
): Promise<TestUser> {
  const suffix = crypto.randomBytes(6).toString('hex');
  const email = (opts.email ?? `${opts.role}-${suffix}@example.test`).toLowerCase();
  const password = opts.password ?? TEST_PASSWORD;
  const name = opts.name ?? `Test ${opts.role} ${suffix.slice(0, 4)}`;
  const id = await insertUserWithPassword(t.app.db, {
    name,
    email,
    passwordHash: await passwordHash(password),
    phone: opts.phone ?? '+15550123',
    role: opts.role,
    isVerifiedUser: opts.verified ?? false,
  });

  const res = await signIn(t, email, password);
  if (res.statusCode !== 200) {
    throw new Error(`sign-in of ${email} answered ${res.statusCode}: ${res.body}`);
  }
  const cookie = cookiesFrom(res.headers['set-cookie']);
  if (!cookie) throw new Error(`sign-in of ${email} set no session cookie`);
  return { id, email, password, name, role: opts.role, cookie, headers: { cookie } };
}

/** One signed-in user of every kind a rule tells apart: two of each role that owns things. */
export async function createCallers(t: TestApp) {
  return {
    buyer: await createUser(t, { role: 'buyer' }),
    otherBuyer: await createUser(t, { role: 'buyer' }),
    seller: await createUser(t, { role: 'seller' }),
    otherSeller: await createUser(t, { role: 'seller' }),
    admin: await createUser(t, { role: 'admin' }),
  };
}
