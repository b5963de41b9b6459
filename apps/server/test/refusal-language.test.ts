import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@market/shared';
import { serverTexts } from '@market/shared/texts';
import { englishOf, reason, tooMany, waitFor } from '../src/lib/errors.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { insertCategories, postProduct } from './helpers/market.ts';

const t = useTestApp();
let seller: TestUser;
let buyer: TestUser;
let phoneId: string;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
  phoneId = (
    await postProduct(t, seller, {
      name: 'Galaxy S21',
      Category: 'samsung',
      originalPrice: 799,
      resellPrice: 350,
      location: 'Dhaka',
      imgURL: '/demo/samsung-1.webp',
    })
  )._id;
});

const ask = (caller: TestUser | null, url: string, language?: string, method = 'GET') =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(caller?.headers ?? {}),
      ...(language ? { 'accept-language': language } : {}),
    },
  });

describe(`refusals in the language the request asks for, on ${testDbKind}`, () => {
  it('are English without Accept-Language, Bangla when it asks for Bangla, and name their reason', async () => {
    const english = await ask(null, '/api/my-products');
    expect(english.statusCode).toBe(401);
    expect(english.json<ErrorResponse>().error).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Sign in to continue',
      reason: 'common.signIn',
    });
    expect(english.headers.vary).toContain('accept-language');

    const bangla = await ask(null, '/api/my-products', 'bn-BD,bn;q=0.9,en;q=0.8');
    expect(bangla.statusCode).toBe(401);
    expect(bangla.json<ErrorResponse>().error).toEqual({
      code: 'UNAUTHORIZED',
      message: 'চালিয়ে যেতে লগ ইন করুন',
      reason: 'common.signIn',
    });
  });

  it('follow the quality values, and fall back to English for a language the site does not speak', async () => {
    const preferred = await ask(buyer, '/api/my-products', 'fr, bn;q=0.5, en;q=0.4');
    expect(preferred.statusCode).toBe(403);
    expect(preferred.json<ErrorResponse>().error.message).toBe('এর জন্য বিক্রেতার অ্যাকাউন্ট লাগে');
    const other = await ask(buyer, '/api/my-products', 'de-DE');
    expect(other.json<ErrorResponse>().error.message).toBe('This needs a seller account');
  });

  it('word the values they carry in the same language', async () => {
    const path = '/api/no/such/route';
    const bangla = await ask(null, path, 'bn');
    expect(bangla.statusCode).toBe(404);
    expect(bangla.json<ErrorResponse>().error.message).toBe(`GET ${path}-এর কোনো পথ নেই`);
    expect(bangla.headers.vary).toContain('accept-language');
  });

  it('fill in numbers, plurals and nested texts in each language', () => {
    const refusal = reason('common.limits.dataCopies', { max: 3, wait: waitFor(2 * 3600) });
    const error = tooMany(refusal, 7200);
    expect(error.message).toBe('Too many copies of your data (3 a day). Try again in 2 hours.');
    expect(error.worded(serverTexts('bn')).message).toBe(
      'আপনার ডেটার কপি অনেকবার চাওয়া হয়েছে (দিনে ৩টি)। ২ ঘণ্টা পরে আবার চেষ্টা করুন।',
    );
    expect(englishOf(waitFor(1))).toBe('1 second');
    expect(() => englishOf('common.limits.uploads')).toThrow(/lacks a value/);
  });

  it("refuse another seller's listing in Bangla, and change nothing", async () => {
    const otherSeller = await createUser(t, { role: 'seller' });
    const res = await ask(otherSeller, `/api/my-products/${phoneId}/sold`, 'bn', 'POST');
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorResponse>().error).toEqual({
      code: 'NOT_FOUND',
      message: 'আপনার বিজ্ঞাপনগুলোর মধ্যে এমন কোনো পণ্য নেই',
      reason: 'common.listing.notYours',
    });
    const row = await t.app.db
      .selectFrom('products')
      .select('status')
      .where('id', '=', phoneId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('available');
  });
});
