import { describe, expect, it } from 'vitest';
import { SCAM_RULES, type ScamRule } from '@market/shared';
import {
  SCAM_PATTERNS,
  matchingScamPatterns,
  scamRulesOf,
} from '../src/modules/conversations/scam-shield.ts';

/**
 * The corpus: each phrase with the rules it must raise (none for the deliberately clean ones).
 * Both languages, and the spellings people use to slip past a check: spaced letters, fullwidth
 * letters, zero-width characters, Bangla digits.
 */
const CORPUS: [string, ScamRule[]][] = [
  // Payment or a deposit first.
  ['Please pay a deposit of 2000 tk to hold it for you', ['payment_first']],
  ['Send the money first and I will ship it today', ['payment_first']],
  ['I need 50% upfront via bKash, then we can meet', ['payment_first']],
  ['Just transfer $100 as token money and it is yours', ['payment_first']],
  ['Send 3000 to my bkash number and the phone is reserved', ['payment_first']],
  ['আগে টাকা পাঠান, তারপর ফোন দিব', ['payment_first']],
  ['৫০০ টাকা অগ্রিম দিতে হবে', ['payment_first']],
  ['বায়না হিসেবে কিছু টাকা বিকাশ করে দিন', ['payment_first']],
  ['advance din 1000 taka, phone rekhe dibo', ['payment_first']],
  // One-time codes.
  ['I sent you a code by SMS, please send me the code', ['one_time_code']],
  ['What is the OTP you just got?', ['one_time_code']],
  ['Tell me the 6 digit code to confirm the booking', ['one_time_code']],
  ['o t p ta din please', ['one_time_code']],
  ['আপনার ফোনে একটা ওটিপি গেছে, কোডটা দিন', ['one_time_code']],
  ['ভেরিফিকেশন কোড বলুন তাহলে বুকিং কনফার্ম হবে', ['one_time_code']],
  // Links to payment or parcel sites.
  ['Click https://secure-pay-bd.xyz/claim to receive your money', ['payment_link']],
  ['I will pay you by a link, just accept it', ['payment_link']],
  ['Track the parcel here: www.fast-courier-track.com/p/8812', ['payment_link']],
  ['Open bit.ly/3xYzAbc for the details', ['payment_link']],
  ['লিংকে ক্লিক করে পেমেন্ট নিয়ে নিন', ['payment_link']],
  // Gift cards.
  ['Can you pay with a Google Play gift card?', ['gift_card']],
  ['I accept Steam cards or iTunes vouchers', ['gift_card']],
  ['Just send 500 flexiload to this number first', ['gift_card', 'payment_first']],
  ['গিফট কার্ড দিয়ে পেমেন্ট করা যাবে', ['gift_card']],
  ['৫০০ টাকা রিচার্জ করে দিন', ['gift_card']],
  ['ফ্লেক্সিলোড পাঠান', ['gift_card']],
  // Another app, with a number.
  ['WhatsApp me at +880 1712 345678', ['other_app']],
  ['Text me on Telegram, faster there', ['other_app']],
  ['wa.me/8801712345678', ['other_app']],
  ['Let’s continue on WhatsApp', ['other_app']],
  ['হোয়াটসঅ্যাপে নক দিন ০১৭১২৩৪৫৬৭৮', ['other_app']],
  ['ইমো নাম্বার 01712345678', ['other_app']],
  ['ইমোতে কথা বলি, এখানে না', ['other_app']],
  // Shipping only.
  ['Shipping only, no meetups', ['shipping_only']],
  ['I am abroad right now, I will send it by courier', ['shipping_only']],
  ['Sorry I can’t meet, only delivery', ['shipping_only']],
  ['শুধু কুরিয়ারে দেওয়া হবে', ['shipping_only']],
  ['আমি বিদেশে আছি, কুরিয়ারে পাঠিয়ে দেব', ['shipping_only']],
  ['দেখা করা সম্ভব না ভাই', ['shipping_only']],
  // Disguised spellings.
  ['w h a t s a p p me 01712345678', ['other_app']],
  ['ＳＥＮＤ ＭＥ ＴＨＥ ＯＴＰ', ['one_time_code']],
  ['gift\u200bcard only please', ['gift_card']],
  ['what\u200bs\u200bapp ০১৭১২৩৪৫৬৭৮', ['other_app']],
  ['p.a.y a d.e.p.o.s.i.t first', ['payment_first']],
  ['O-T-P please', ['one_time_code']],

  // Deliberately clean.
  ['can you do 500?', []],
  ['meet at the mall at 5', []],
  ['the phone has 128 GB', []],
  ["let's meet at the police station", []],
  ['Is it still available?', []],
  ['I will pay cash when we meet', []],
  ['Can I pay by bKash when we meet?', []],
  ['Sorry, I can’t meet today, tomorrow at 6?', []],
  ['I don’t use WhatsApp', []],
  ['Send me a few more photos first please', []],
  ['The battery health is 89%, bought in 2022', []],
  ['Is the IMEI on the box the same as the phone?', []],
  ['Can we meet at Bashundhara City at 4pm?', []],
  ['Let me know in advance if you are late', []],
  ['The model code is A2633', []],
  ['ফোনটা কি এখনও আছে?', []],
  ['শেষ দাম কত?', []],
  ['আগে ফোনটা দেখব, তারপর দাম দেব', []],
  ['কাল বিকেলে যমুনা ফিউচার পার্কে দেখা করি?', []],
  ['আজ দেখা করা সম্ভব না, কাল হবে', []],
  ['ফোনের বক্স আর চার্জার আছে', []],
  ['ব্যাটারি ৮৯%, ১২৮ জিবি', []],
];

describe('the scam shield', () => {
  it('has a corpus of at least 40 phrases, in English and Bangla, flagged and clean', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
    expect(CORPUS.filter(([, rules]) => rules.length === 0).length).toBeGreaterThanOrEqual(15);
    expect(CORPUS.filter(([text]) => /[\u0980-\u09ff]/.test(text)).length).toBeGreaterThanOrEqual(
      15,
    );
    // Every rule is raised by a phrase of the corpus.
    const raised = new Set(CORPUS.flatMap(([, rules]) => rules));
    expect([...raised].sort()).toEqual([...SCAM_RULES].sort());
  });

  it.each(CORPUS)('%j raises %j', (text, expected) => {
    const sorted = SCAM_RULES.filter((rule) => expected.includes(rule));
    expect(scamRulesOf(text)).toEqual(sorted);
  });

  it('has patterns in both languages for every rule, each with its reason', () => {
    for (const rule of SCAM_RULES) {
      const langs = new Set(SCAM_PATTERNS.filter((p) => p.rule === rule).map((p) => p.lang));
      expect([rule, [...langs].sort()]).toEqual([rule, ['bn', 'en']]);
    }
    for (const pattern of SCAM_PATTERNS) expect(pattern.why.length).toBeGreaterThan(20);
  });

  it('has every pattern of the table matched by some phrase of the corpus', () => {
    const used = new Set(CORPUS.flatMap(([text]) => matchingScamPatterns(text)));
    const unused = SCAM_PATTERNS.filter((p) => !used.has(p)).map((p) => p.why);
    expect(unused).toEqual([]);
  });

  it('asks for a number with the name of another app, not for the name alone', () => {
    expect(scamRulesOf('Telegram')).toEqual([]);
    expect(scamRulesOf('Telegram 01712345678')).toEqual(['other_app']);
    expect(scamRulesOf('Telegram: seller@gmail.com')).toEqual(['other_app']);
  });

  it('checks a long message quickly, even one made to slow the patterns down', () => {
    const longOnes = [
      'Is it still available? I can meet at the mall. '.repeat(40).slice(0, 2000),
      'pay'.repeat(666),
      'a '.repeat(1000),
      '1 '.repeat(1000),
      'টাকা '.repeat(400),
      "can't meet ".repeat(180),
    ];
    for (const text of longOnes) {
      // The fastest of several runs: what the check costs, whatever else the machine is doing.
      const times = Array.from({ length: 10 }, () => {
        const started = performance.now();
        scamRulesOf(text);
        return performance.now() - started;
      });
      expect([text.slice(0, 12), Math.min(...times) < 10]).toEqual([text.slice(0, 12), true]);
    }
  });
});
