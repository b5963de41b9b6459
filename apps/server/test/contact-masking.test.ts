import { describe, expect, it } from 'vitest';
import { maskContacts } from '../src/modules/conversations/contact-masking.ts';

const HIDDEN = '[hidden]';
const mask = (text: string) => maskContacts(text, HIDDEN);

describe('maskContacts hides phone numbers', () => {
  it.each([
    ['Call me on 01712345678', 'Call me on [hidden]'],
    ['Call me on 01712-345678 tonight', 'Call me on [hidden] tonight'],
    ['My number: +880 1712 345678.', 'My number: [hidden].'],
    ['+8801712345678', '[hidden]'],
    ['ring (555) 123-4567 after 6', 'ring [hidden] after 6'],
    ['ring 555.123.4567', 'ring [hidden]'],
    ['ring 555-1234', 'ring [hidden]'],
    ['US: +1 (212) 555 0199', 'US: [hidden]'],
    ['0 1 7 1 2 3 4 5 6 7 8 is me', '[hidden] is me'],
    ['whatsapp:+447911123456', 'whatsapp:[hidden]'],
    ['tel. 030 901820', 'tel. [hidden]'],
    ['two: 01712345678 or 01898765432', 'two: [hidden] or [hidden]'],
    ['number is\n01712345678\nthanks', 'number is\n[hidden]\nthanks'],
    ['call 212 256 7890 now', 'call [hidden] now'],
    ['call 555 1234', 'call [hidden]'],
  ])('%j', (input, expected) => {
    const result = mask(input);
    expect(result.text).toBe(expected);
    expect(result.masked).toBe(expected !== input);
  });
});

describe('maskContacts hides email addresses', () => {
  it.each([
    ['write to ana@example.com please', 'write to [hidden] please'],
    ['ANA.K+phones@mail.example.co.uk', '[hidden]'],
    ['ana @ example.com', '[hidden]'],
    ['ana at example dot com', '[hidden]'],
    ['ana AT example DOT com', '[hidden]'],
    ['ana (at) example (dot) com', '[hidden]'],
    ['ana[at]example[dot]com', '[hidden]'],
    ['ana {at} example {dot} co {dot} uk', '[hidden]'],
    ['ana at gmail.com', '[hidden]'],
    ['ana.k at outlook.co.uk', '[hidden]'],
    ['mail me: ana at gmail dot com, or call', 'mail me: [hidden], or call'],
  ])('%j', (input, expected) => {
    const result = mask(input);
    expect(result.text).toBe(expected);
    expect(result.masked).toBe(true);
  });
});

describe('maskContacts leaves everything else as typed', () => {
  it.each([
    'Is it still $400?',
    'It has 128 GB and 6 GB RAM',
    'iPhone 13 Pro Max 256GB',
    'iPhone 13 128 256 512',
    'Bought in 2022, 128 GB, battery 88%',
    'Bought 2022 128 GB',
    'Price $1,200,000 is too much',
    'Would you take $1 200 000?',
    'Can we meet on 12.05.2024 at 18:30?',
    'Or 2024-05-12 at 6 pm',
    'Used it 2019-2023',
    'IMEI check at imei.info shows it is clean',
    'Look at this dot product', // no address: "product" is not a top-level domain
    'See https://example.com/item/12345678 for the same phone',
    'Meet at the mall at 5',
    'Buy the case at amazon.com, it is cheaper',
    'I am at home. Come at 7.',
    'Order A1234567 arrived',
    'Model SM-G991B/DS',
    '<b>bold</b> & <script>alert(1)</script>',
    '',
    '3 years old, 2 owners, 1 scratch',
  ])('%j', (input) => {
    expect(mask(input)).toEqual({ text: input, masked: false });
  });

  it('keeps a link and hides only the address inside it', () => {
    expect(mask('https://example.com/contact?to=ana@example.com')).toEqual({
      text: `https://example.com/contact?to=${HIDDEN}`,
      masked: true,
    });
  });
});

describe('maskContacts on long hostile text', () => {
  it.each([
    ['one long word', 'a'.repeat(2000)],
    ['dots between letters', 'a.'.repeat(1000)],
    ['dashes between digits', `${'1-'.repeat(999)}x`],
    ['spaced digits', '1 '.repeat(1000)],
    ['spelled-out words', 'x at y dot '.repeat(180)],
  ])('%s takes a few milliseconds at most', (_label, text) => {
    const started = performance.now();
    for (let i = 0; i < 10; i++) mask(text);
    expect((performance.now() - started) / 10).toBeLessThan(10);
  });
});
