import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, signIn, type TestUser } from './factories.ts';
import { sameOriginPost } from './helpers/auth.ts';
import { acceptBooking, requestBooking } from './helpers/deal.ts';
import { call, insertCategories, postProduct } from './helpers/market.ts';
import { notificationsOf, outboxOf } from './helpers/notifications.ts';
import { UnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token.ts';

// The background sender stays off: the outbox is read before anything is sent.
const t = useTestApp({ env: { OUTBOX_WORKER: 'false', CURRENCY: 'BDT' } });

const storedLanguage = async (id: string) =>
  (
    await t.app.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).language;

const byEmail = (email: string) =>
  t.app.db
    .selectFrom('users')
    .select(['id', 'language'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

/** The `lang` cookie an answer sets, if any. */
const languageCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((cookie) => cookie.startsWith('lang='));

function registration() {
  return {
    name: 'Nadia Rahman',
    email: `nadia.${crypto.randomBytes(6).toString('hex')}@example.test`,
    password: 'correct horse battery',
    phone: '+8801712345678',
    role: 'buyer',
  };
}

describe(`the account's language on ${testDbKind}`, () => {
  it('is the language the person signed up in: the chosen one, else the browser’s, else English', async () => {
    const cases: Array<[Record<string, string>, 'en' | 'bn']> = [
      [{ cookie: 'lang=bn' }, 'bn'],
      [{ cookie: 'lang=en', 'accept-language': 'bn-BD,bn;q=0.9' }, 'en'],
      [{ 'accept-language': 'bn-BD,en;q=0.5' }, 'bn'],
      [{ 'accept-language': 'fr-FR' }, 'en'],
      [{}, 'en'],
    ];
    for (const [headers, expected] of cases) {
      const body = registration();
      const res = await sameOriginPost(t, '/api/auth/sign-up/email', body, { headers });
      expect(res.statusCode, res.body).toBe(200);
      expect((await byEmail(body.email)).language, JSON.stringify(headers)).toBe(expected);
    }
  });

  it('opens the site in the account’s language on a device that signs in', async () => {
    const user = await createUser(t, { role: 'buyer' });
    // Chosen before languages: no language, no cookie.
    expect(await storedLanguage(user.id)).toBeNull();
    expect(
      languageCookieOf((await signIn(t, user.email, user.password)).headers['set-cookie']),
    ).toBe(undefined);
    await t.app.db.updateTable('users').set({ language: 'bn' }).where('id', '=', user.id).execute();
    const res = await signIn(t, user.email, user.password);
    expect(res.statusCode).toBe(200);
    const cookie = languageCookieOf(res.headers['set-cookie']);
    expect(cookie).toMatch(/^lang=bn;/);
    expect(cookie).toMatch(/Path=\//i);
    // The page reads it: not HttpOnly.
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('is saved with PUT /api/me/language, which also sets this device’s cookie', async () => {
    const user = await createUser(t, { role: 'seller' });
    const res = await call(t, user, 'PUT', '/api/me/language', { language: 'bn' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ language: 'bn' });
    expect(languageCookieOf(res.headers['set-cookie'])).toBe(
      'lang=bn; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(await storedLanguage(user.id)).toBe('bn');

    const back = await call(t, user, 'PUT', '/api/me/language', { language: 'en' });
    expect(back.statusCode).toBe(200);
    expect(await storedLanguage(user.id)).toBe('en');
  });

  it.each([
    ['a language we do not speak', { language: 'fr' }],
    ['a number', { language: 5 }],
    ['no language', {}],
    ['an upper-case code', { language: 'BN' }],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const user = await createUser(t, { role: 'buyer' });
    await call(t, user, 'PUT', '/api/me/language', { language: 'bn' });
    const res = await call(t, user, 'PUT', '/api/me/language', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.language).toBe(
      'Choose the language: en (English) or bn (Bangla)',
    );
    expect(languageCookieOf(res.headers['set-cookie'])).toBeUndefined();
    expect(await storedLanguage(user.id)).toBe('bn');
  });

  it('is only the signed-in person’s own: 401 signed out', async () => {
    const res = await call(t, null, 'PUT', '/api/me/language', { language: 'bn' });
    expect(res.statusCode).toBe(401);
  });
});

describe(`notices in the recipient's language on ${testDbKind}`, () => {
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    await insertCategories(t);
    seller = await createUser(t, { role: 'seller', verified: true, name: 'Sara Seller' });
    buyer = await createUser(t, { role: 'buyer', name: 'Bashir Buyer' });
    expect((await call(t, seller, 'PUT', '/api/me/language', { language: 'bn' })).statusCode).toBe(
      200,
    );
  });

  it('tells a Bangla seller of a request in Bangla, in the list and by email, and the English buyer in English', async () => {
    const product = await postProduct(t, seller, {
      name: 'Pixel 8 Pro',
      originalPrice: 20000,
      resellPrice: 12500,
    });
    const id = await requestBooking(t, buyer, product._id);

    const [notice] = await notificationsOf(t, seller.id);
    expect(notice?.title).toBe('Bashir Buyer Pixel 8 Pro বুক করতে চেয়েছেন');
    expect(notice?.body).toBe(
      '৭২ ঘণ্টার মধ্যে দেখা করার সময় ও জায়গা দিয়ে গ্রহণ করুন, অথবা ফিরিয়ে দিন।',
    );
    const [mail] = (await outboxOf(t, seller.id)).filter((m) => m.kind === 'booking_requested');
    expect(mail?.subject).toBe('Pixel 8 Pro বুক করার নতুন অনুরোধ');
    expect(mail?.text).toMatch(/^প্রিয় Sara Seller,\n/);
    expect(mail?.text).toContain('/bn/dashboard/my-buyers');

    await acceptBooking(t, seller, id);
    const accepted = (await notificationsOf(t, buyer.id)).find(
      (n) => n.kind === 'booking_accepted',
    );
    expect(accepted?.title).toBe('Your request for Pixel 8 Pro was accepted');
    expect(accepted?.body).toMatch(/^Meeting: \w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} GMT\+6, /);
  });

  it('writes the calendar file in the reader’s language, with the operator’s currency', async () => {
    const product = await postProduct(t, seller, {
      name: 'Galaxy A54',
      originalPrice: 40000,
      resellPrice: 30000,
    });
    const id = await requestBooking(t, buyer, product._id);
    await acceptBooking(t, seller, id);
    const unfold = (ics: string) => ics.replace(/\r\n /g, '');
    const sellers = unfold((await call(t, seller, 'GET', `/api/booking/${id}/calendar.ics`)).body);
    expect(sellers).toContain('SUMMARY:Galaxy A54 বিক্রি করতে দেখা\r\n');
    expect(sellers).toContain('DESCRIPTION:৩০\\,০০০৳-এ Galaxy A54 বিক্রি।');
    const buyers = unfold((await call(t, buyer, 'GET', `/api/booking/${id}/calendar.ics`)).body);
    expect(buyers).toContain('SUMMARY:Meet to buy Galaxy A54\r\n');
    expect(buyers).toContain('DESCRIPTION:Buying Galaxy A54 for ৳30\\,000.');
    // This device reads Bangla: the buyer's file follows it.
    const onBangla = await call(
      t,
      { headers: { cookie: `${buyer.cookie}; lang=bn` } },
      'GET',
      `/api/booking/${id}/calendar.ics`,
    );
    expect(unfold(onBangla.body)).toContain('SUMMARY:Galaxy A54 কিনতে দেখা\r\n');
  });

  it('words a refused offer’s price in the operator’s currency', async () => {
    const product = await postProduct(t, seller, {
      name: 'Galaxy A35',
      originalPrice: 40000,
      resellPrice: 30000,
    });
    const res = await call(t, buyer, 'POST', '/api/offers', {
      productId: product._id,
      price: 30000,
      note: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Offer less than the listed price of ৳30,000, or book it at that price',
    );
    const inBangla = await call(
      t,
      { headers: { ...buyer.headers, 'accept-language': 'bn' } },
      'POST',
      '/api/offers',
      { productId: product._id, price: 30000, note: '' },
    );
    expect(inBangla.statusCode).toBe(400);
    expect(inBangla.json<{ error: { message: string } }>().error.message).toBe(
      'বিজ্ঞাপনের দাম ৩০,০০০৳-এর চেয়ে কম অফার দিন, অথবা ওই দামেই বুক করুন',
    );
  });

  it('names the kind of email an unsubscribe link turns off in the recipient’s language', async () => {
    const token = new UnsubscribeTokens(t.config.authSecret).issue({
      userId: seller.id,
      kind: 'new_review',
    });
    const res = await call(t, null, 'GET', `/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().label).toBe('কোনো ক্রেতা বিক্রেতা হিসেবে আমার রিভিউ দিলে');
  });
});
