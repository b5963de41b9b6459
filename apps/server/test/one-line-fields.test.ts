import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, uniqueTestIp, type TestUser } from './factories.ts';
import { acceptBody, bookingRow, requestBody, requestBooking } from './helpers/deal.ts';
import { SAME_ORIGIN, sameOriginJson, sameOriginPost } from './helpers/auth.ts';
import { call, insertCategories, postProduct, productForm, snapshot } from './helpers/market.ts';

/*
 * Names and places are one line: a line break or another control character in them would reach
 * calendar files, email subjects and logs. Each way in refuses them with 400 and a message, and
 * changes nothing.
 */

const t = useTestApp();
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller', name: 'Sara Seller' });
  buyer = await createUser(t, { role: 'buyer', name: 'Bashir Buyer' });
});

const CONTROLS = [
  'Bare\rCR',
  'Line\nbreak',
  'Tab\there',
  'Bell\u0007',
  'Escape\u001b[31m',
  'Nul\u0000',
];

const fieldMessage = (body: string, field: string) =>
  (JSON.parse(body) as ErrorResponse).error.fields?.[field];

describe(`one-line fields refuse control characters, on ${testDbKind}`, () => {
  it.each(CONTROLS)('a listing name or location with %j (add and edit)', async (text) => {
    const product = await postProduct(t, seller, { name: 'Pixel 8' });
    const before = await snapshot(t);
    const add = await call(
      t,
      seller,
      'POST',
      `/api/add-product?email=${encodeURIComponent(seller.email)}`,
      productForm({ name: text }),
    );
    expect(add.statusCode).toBe(400);
    expect(fieldMessage(add.body, 'name')).toBe(
      'Product name must be one line, without control characters',
    );
    const location = await call(
      t,
      seller,
      'POST',
      `/api/add-product?email=${encodeURIComponent(seller.email)}`,
      productForm({ location: text }),
    );
    expect(location.statusCode).toBe(400);
    expect(fieldMessage(location.body, 'location')).toBe(
      'Location must be one line, without control characters',
    );
    const edit = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, { name: text });
    expect(edit.statusCode).toBe(400);
    expect(fieldMessage(edit.body, 'name')).toBe(
      'Product name must be one line, without control characters',
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it.each(CONTROLS)("a person's name with %j (register, profile, update-user)", async (text) => {
    const message = 'Name must be one line, without control characters';
    const email = `one-line-${Math.random().toString(36).slice(2)}@example.test`;
    const signUp = await sameOriginPost(
      t,
      '/api/auth/sign-up/email',
      {
        name: text,
        email,
        password: 'correct horse battery',
        phone: '+8801712345678',
        role: 'buyer',
      },
      { remoteAddress: uniqueTestIp() },
    );
    expect(signUp.statusCode).toBe(400);
    expect(fieldMessage(signUp.body, 'name')).toBe(message);
    const users = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toEqual([]);

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...buyer.headers, origin: SAME_ORIGIN },
      payload: { name: text, email: buyer.email, phone: '+15550123' },
    });
    expect(put.statusCode).toBe(400);
    expect(fieldMessage(put.body, 'name')).toBe(message);
    const update = await sameOriginJson(t, buyer, '/api/auth/update-user', { name: text });
    expect(update.statusCode).toBe(400);
    expect(fieldMessage(update.body, 'name')).toBe(message);
    const row = await t.app.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Bashir Buyer');
  });

  it.each(CONTROLS)('a meeting location or place with %j (request and accept)', async (text) => {
    const product = await postProduct(t, seller, { name: 'Pixel 8' });
    const before = await snapshot(t);
    const request = await call(t, buyer, 'POST', '/api/booking', {
      ...requestBody(product._id),
      location: text,
    });
    expect(request.statusCode).toBe(400);
    expect(fieldMessage(request.body, 'location')).toBe(
      'Meeting location must be one line, without control characters',
    );
    expect(await snapshot(t)).toEqual(before);

    const id = await requestBooking(t, buyer, product._id);
    const accept = await call(t, seller, 'POST', `/api/booking/${id}/accept`, {
      ...acceptBody(),
      meetingPlace: text,
    });
    expect(accept.statusCode).toBe(400);
    expect(fieldMessage(accept.body, 'meetingPlace')).toBe(
      'Meeting place must be one line, without control characters',
    );
    expect(await bookingRow(t, id)).toMatchObject({ status: 'requested', meetingPlace: null });
  });

  it('takes the same fields without control characters, and trims line breaks at the ends', async () => {
    const product = await postProduct(t, seller, {
      name: '\nPixel 8 Pro — 128 GB, “as new”\r\n',
      location: 'Dhaka, Gulshan 2',
    });
    expect(product.name).toBe('Pixel 8 Pro — 128 GB, “as new”');
    const id = await requestBooking(t, buyer, product._id, { location: 'Gulshan 2 circle' });
    const accept = await call(t, seller, 'POST', `/api/booking/${id}/accept`, {
      ...acceptBody(),
      meetingPlace: 'Café Mango, 1st floor',
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await bookingRow(t, id)).meetingPlace).toBe('Café Mango, 1st floor');
  });
});
