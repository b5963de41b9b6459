import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@market/shared';
import {
  hasAccess,
  onlyRoles,
  permittedAmong,
  registerAccess,
  requireAccess,
  signedIn,
  type Permission,
} from '../src/lib/access.ts';
import type { Actor } from '../src/lib/actor.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createCallers, type TestUser } from './factories.ts';
import { insertConversations } from './helpers/conversations.ts';
import { call, insertCategories, insertProducts, insertWishlistItem } from './helpers/market.ts';
import { insertReviewedDeals } from './helpers/reviews.ts';
import { valueWriters } from '../src/db/dialect.ts';

const actorWithRole = (role: Role): Actor => ({
  id: `${role}-id`,
  email: `${role}@example.test`,
  name: `A ${role}`,
  role,
  isVerifiedUser: false,
  phone: null,
  image: null,
});

/**
 * The access layer alone on a bare server: the caller's role comes from a header, as the auth
 * plugin would resolve it from a session. Every route's answers are kept as registered.
 */
async function guardedServer(): Promise<{ app: FastifyInstance; routes: RouteOptions[] }> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, 'USD');
  app.decorateRequest('getActor', function (this: { headers: Record<string, unknown> }) {
    const role = this.headers['x-role'];
    return Promise.resolve(typeof role === 'string' ? actorWithRole(role as Role) : null);
  });
  registerAccess(app);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  const body = z.object({ name: z.string().min(3) });
  const answer = z.object({ id: z.string(), role: z.string() });
  app.post(
    '/sellers',
    { preValidation: onlyRoles('seller'), schema: { body, response: { 200: answer } } },
    async (request) => ({ id: request.actor.id, role: request.actor.role }),
  );
  app.get(
    '/anyone-signed-in',
    { preValidation: signedIn(), schema: { response: { 200: answer } } },
    async (request) => ({ id: request.actor.id, role: request.actor.role }),
  );
  app.get('/public', { schema: { response: { 200: answer } } }, async (request) => ({
    id: request.actor.id,
    role: request.actor.role,
  }));
  await app.ready();
  return { app, routes };
}

describe('route guards', () => {
  let server: Awaited<ReturnType<typeof guardedServer>>;
  beforeAll(async () => {
    server = await guardedServer();
  });
  afterAll(async () => {
    await server?.app.close();
  });
  const post = (headers: Record<string, string>, payload: unknown) =>
    server.app.inject({ method: 'POST', url: '/sellers', headers, payload: payload as object });

  it('refuses anonymous callers with 401 before their input is validated', async () => {
    const res = await post({}, { name: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Sign in to continue', reason: 'common.signIn' },
    });
  });

  it('refuses the wrong role with 403 before their input is validated', async () => {
    const res = await post({ 'x-role': 'buyer' }, { name: '' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'This needs a seller account',
        reason: 'common.needs.seller',
      },
    });
  });

  it('validates the input of an allowed caller, then gives the handler the caller', async () => {
    expect((await post({ 'x-role': 'seller' }, { name: '' })).statusCode).toBe(400);
    const res = await post({ 'x-role': 'seller' }, { name: 'Phone shop' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'seller-id', role: 'seller' });
    const admin = await server.app.inject({
      url: '/anyone-signed-in',
      headers: { 'x-role': 'admin' },
    });
    expect(admin.json()).toEqual({ id: 'admin-id', role: 'admin' });
  });

  it('fails a route that reads the caller without a guard, rather than guess', async () => {
    const res = await server.app.inject({ url: '/public', headers: { 'x-role': 'admin' } });
    expect(res.statusCode).toBe(500);
  });

  it("documents each route's refusals from its guard and its input", () => {
    const statuses = (url: string) =>
      Object.keys(server.routes.find((r) => r.url === url)?.schema?.response ?? {});
    expect(statuses('/sellers')).toEqual(['200', '400', '401', '403']);
    expect(statuses('/anyone-signed-in')).toEqual(['200', '401']);
    expect(statuses('/public')).toEqual(['200']);
  });

  it('gives every caller of one set of roles the same guard', () => {
    expect(onlyRoles('seller')).toBe(onlyRoles('seller'));
    expect(onlyRoles('seller')).not.toBe(onlyRoles('buyer'));
    expect(signedIn()).toBe(signedIn());
  });
});

describe(`what a caller may touch, on ${testDbKind}`, () => {
  const t = useTestApp();
  let people: Record<'buyer' | 'otherBuyer' | 'seller' | 'otherSeller' | 'admin', TestUser>;
  let productId: string;
  let bookingId: string;
  let wishlistItemId: string;
  let savedSearchId: string;
  let conversationId: string;
  let messageId: string;
  /** A completed deal of `buyer` with `seller`, and a review of another one. */
  let completedId: string;
  let reviewId: string;
  let notificationId: string;

  const actor = (user: TestUser): Actor => ({ ...actorWithRole(user.role), ...user });

  beforeAll(async () => {
    await insertCategories(t);
    people = await createCallers(t);
    [productId] = (await insertProducts(t, people.seller.id, 1)) as [string];
    const booked = await call(t, people.buyer, 'POST', '/api/booking', {
      productId,
      phone: '+15550123',
      location: 'Dhaka',
    });
    bookingId = booked.json<{ _id: string }>()._id;
    wishlistItemId = await insertWishlistItem(t, people.buyer.id, productId);
    const saved = await call(t, people.buyer, 'POST', '/api/saved-searches', {
      name: 'Cheap phones',
      filters: { maxPrice: 400 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    savedSearchId = saved.json<{ _id: string }>()._id;
    [conversationId] = (await insertConversations(t, people.buyer.id, people.seller.id, [
      productId,
    ])) as [string];
    ({ id: messageId } = await t.app.db
      .selectFrom('messages')
      .select('id')
      .where('conversationId', '=', conversationId)
      .executeTakeFirstOrThrow());
    ({ completedId, reviewId } = await insertReviewedDeals(t, people.buyer.id, people.seller.id));
    notificationId = 'access-notification';
    await t.app.db
      .insertInto('notifications')
      .values({
        id: notificationId,
        userId: people.buyer.id,
        kind: 'new_message',
        title: 'A new message',
        body: '',
        link: '/dashboard/messages',
        createdAt: valueWriters(t.app.db).date(new Date()),
        readAt: null,
        dedupeKey: 'access:notification',
      })
      .execute();
  });

  type Who = keyof typeof people;
  const rows: Array<[Permission, () => string, Who[]]> = [
    ['account.read', () => people.buyer.email.toUpperCase(), ['buyer']],
    ['account.update', () => people.buyer.email, ['buyer']],
    ['account.lookup', () => people.buyer.email, ['buyer', 'admin']],
    ['product.manage', () => productId, ['seller']],
    ['product.book', () => productId, ['buyer', 'otherBuyer', 'otherSeller', 'admin']],
    // No admin: no admin screen shows bookings, and they carry the buyer's contact details.
    ['booking.read', () => bookingId, ['buyer', 'seller']],
    ['booking.answer', () => bookingId, ['seller']],
    ['booking.complete', () => bookingId, ['seller']],
    ['booking.cancel', () => bookingId, ['buyer', 'seller']],
    ['conversation.read', () => conversationId, ['buyer', 'seller']],
    ['conversation.takePart', () => conversationId, ['buyer', 'seller']],
    ['conversation.block', () => conversationId, ['buyer', 'seller']],
    ['message.report', () => messageId, ['buyer', 'seller']],
    ['review.write', () => completedId, ['buyer']],
    ['review.edit', () => reviewId, ['buyer']],
    ['review.reply', () => reviewId, ['seller']],
    ['wishlistItem.delete', () => wishlistItemId, ['buyer']],
    ['savedSearch.manage', () => savedSearchId, ['buyer']],
  ];

  it.each(rows)('%s is allowed to exactly its callers', async (permission, target, allowed) => {
    const answers: Partial<Record<Who, boolean>> = {};
    for (const who of Object.keys(people) as Who[]) {
      answers[who] = await hasAccess(t.app.db, actor(people[who]), permission, target() as never);
    }
    const expected = Object.fromEntries(
      (Object.keys(people) as Who[]).map((who) => [who, allowed.includes(who)]),
    );
    expect(answers).toEqual(expected);
  });

  it('hides what a caller may not touch behind a 404 where its existence is private', async () => {
    const otherSeller = actor(people.otherSeller);
    await expect(
      requireAccess(t.app.db, otherSeller, 'product.manage', productId),
    ).rejects.toMatchObject({ statusCode: 404, message: 'No such product among your listings' });
    await expect(
      requireAccess(t.app.db, otherSeller, 'booking.read', bookingId),
    ).rejects.toMatchObject({ statusCode: 404, message: 'No such booking' });
    // An admin is told the same as anyone else, and so is a caller of a booking that never was.
    await expect(
      requireAccess(t.app.db, actor(people.admin), 'booking.read', bookingId),
    ).rejects.toMatchObject({ statusCode: 404, message: 'No such booking' });
    await expect(
      requireAccess(t.app.db, actor(people.buyer), 'booking.read', 'no-such-booking'),
    ).rejects.toMatchObject({ statusCode: 404, message: 'No such booking' });
    await expect(
      requireAccess(t.app.db, actor(people.admin), 'conversation.read', conversationId),
    ).rejects.toMatchObject({ statusCode: 404, message: 'No such conversation' });
    await expect(
      requireAccess(t.app.db, actor(people.otherSeller), 'review.reply', reviewId),
    ).rejects.toMatchObject({ statusCode: 404, message: 'No such review of you' });
    await expect(
      requireAccess(t.app.db, actor(people.seller), 'account.read', people.buyer.email),
    ).rejects.toMatchObject({ statusCode: 403, message: 'You can only see your own data' });
    await expect(
      requireAccess(t.app.db, actor(people.seller), 'product.book', productId),
    ).rejects.toMatchObject({ statusCode: 403, message: 'You cannot book your own product' });
  });

  it('leaves out the notifications that were sent to someone else, as missing ones', async () => {
    const ids = [notificationId, 'no-such-notification'];
    expect(await permittedAmong(t.app.db, actor(people.buyer), 'notification.mark', ids)).toEqual([
      notificationId,
    ]);
    for (const who of ['otherBuyer', 'seller', 'admin'] as const) {
      expect(await permittedAmong(t.app.db, actor(people[who]), 'notification.mark', ids)).toEqual(
        [],
      );
    }
  });
});
