import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALES } from '../src/languages.ts';
import {
  NOTIFICATION_KINDS,
  notificationKindLabel,
  notificationTexts,
} from '../src/schemas/notifications.ts';
import { SERVER_CATALOGS, catalogTexts, serverTexts } from '../src/texts/texts.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe("the server's texts", () => {
  it('have every key, plural form and placeholder of English in Bangla', () => {
    const english = catalogTexts(SERVER_CATALOGS.en);
    for (const language of LANGUAGES) {
      const all = catalogTexts(SERVER_CATALOGS[language]);
      const base = (keys: Iterable<string>) =>
        [...new Set([...keys].map((key) => key.replace(PLURAL, '')))].sort();
      expect(base(all.keys()), language).toEqual(base(english.keys()));
      const forms = new Intl.PluralRules(LOCALES[language]).resolvedOptions().pluralCategories;
      for (const key of all.keys()) {
        if (!PLURAL.test(key)) continue;
        for (const form of forms) {
          expect(all.has(key.replace(PLURAL, `_${form}`)), `${language} ${key} ${form}`).toBe(true);
        }
      }
      for (const [key, text] of all) {
        const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other')) ?? '';
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(source));
        expect(text.trim(), `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('name every kind of notification in both languages', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(notificationKindLabel(kind, 'bn')).not.toBe(notificationKindLabel(kind, 'en'));
    }
    expect(notificationKindLabel('booking_requested', 'bn')).toBe(
      'কোনো ক্রেতা আমার একটি ফোন বুক করতে চাইলে',
    );
  });

  it('write numbers, prices and times in the recipient’s language and currency', () => {
    const at = new Date('2026-11-25T09:30:00Z');
    const accepted = (language: 'en' | 'bn') =>
      notificationTexts(
        'booking_accepted',
        { productName: 'Pixel 8', at, timeZone: 'Asia/Dhaka', place: 'Bashundhara City' },
        serverTexts(language, 'BDT'),
      );
    expect(accepted('en').body).toBe('Meeting: Wed, 25 Nov 2026, 15:30 GMT+6, Bashundhara City');
    expect(accepted('bn').title).toBe('Pixel 8-এর জন্য আপনার অনুরোধ গৃহীত হয়েছে');
    expect(accepted('bn').body).toMatch(/^দেখা: .*২৫.*৩:৩০.*, Bashundhara City$/);

    const offer = (language: 'en' | 'bn', currency: string) =>
      notificationTexts(
        'offer_received',
        { productName: 'Pixel 8', priceCents: 1_250_000 },
        serverTexts(language, currency),
      );
    expect(offer('en', 'USD')).toEqual({
      title: 'New offer of $12,500 for Pixel 8',
      body: 'Accept, decline or counter within 48 hours.',
    });
    expect(offer('bn', 'BDT')).toEqual({
      title: 'Pixel 8-এর জন্য ১২,৫০০৳ দামের নতুন প্রস্তাব',
      body: '৪৮ ঘণ্টার মধ্যে গ্রহণ করুন, ফিরিয়ে দিন বা পাল্টা দাম দিন।',
    });
  });

  it('count in the recipient’s digits and plural forms', () => {
    const matches = notificationTexts(
      'saved_search_matches',
      { searches: [{ name: 'Cheap', total: 12, examples: [] }] },
      serverTexts('bn'),
    );
    expect(matches.title).toBe('আপনার সেভ করা খোঁজ "Cheap"-এর জন্য ১২টি নতুন ফোন');
    const one = notificationTexts(
      'saved_search_matches',
      { searches: [{ name: 'Cheap', total: 1, examples: [] }] },
      serverTexts('en'),
    );
    expect(one.title).toBe('1 new phone for your saved search "Cheap"');
  });

  it('say a preset reason for a cancel in the recipient’s language, and never the note by email', () => {
    const cancelled = notificationTexts(
      'booking_cancelled',
      {
        productName: 'Pixel 8',
        buyerName: 'Bashir',
        by: 'seller',
        reason: 'I found another phone',
        preset: 'found_another',
      },
      serverTexts('bn'),
    );
    expect(cancelled.body).toBe('কারণ: আমি অন্য একটি ফোন পেয়েছি');
    expect(cancelled.mail?.body).toBe('কারণ: আমি অন্য একটি ফোন পেয়েছি। "আমার অর্ডার"-এ দেখুন।');
  });

  it('never read a filled-in value as a text to fill in', () => {
    const texts = notificationTexts(
      'new_message',
      { senderName: '{{productName}}', productName: '$t(site)', text: 'hi' },
      serverTexts('en'),
    );
    expect(texts.title).toBe('{{productName}} sent you a message about $t(site)');
  });
});
