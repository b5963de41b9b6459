import { describe, expect, it } from 'vitest';
import {
  createBookingSchema,
  currentYear,
  newProductSchema,
  phoneSchema,
  registrationSchema,
  RESELL_ABOVE_ORIGINAL,
} from '../src/index.ts';

const product = {
  name: 'iPhone 13',
  location: 'Dhaka',
  yearOfUse: 2022,
  originalPrice: 799,
  resellPrice: 430,
  Category: 'iPhone',
  condition: 'good',
  imgURL: '/api/images/abc.webp',
};

describe('product fields', () => {
  it('accepts a complete product and trims strings', () => {
    const parsed = newProductSchema.parse({ ...product, name: '  iPhone 13  ' });
    expect(parsed.name).toBe('iPhone 13');
    expect(parsed.description).toBe('');
  });

  it.each([
    ['originalPrice', 0, false],
    ['resellPrice', 0.01, true],
    ['originalPrice', 1_000_000, true],
    ['originalPrice', 1_000_000.01, false],
    ['resellPrice', 10.005, false],
    ['yearOfUse', 2006, false],
    ['yearOfUse', 2007, true],
    ['yearOfUse', currentYear(), true],
    ['yearOfUse', currentYear() + 1, false],
    ['Category', 'nokia', false],
    ['condition', 'broken', false],
  ])('%s = %s is accepted: %s', (field, value, ok) => {
    expect(newProductSchema.safeParse({ ...product, [field]: value }).success).toBe(ok);
  });

  it('refuses a resell price above the original price, under the resell price', () => {
    expect(newProductSchema.safeParse({ ...product, resellPrice: 799 }).success).toBe(true);
    const above = newProductSchema.safeParse({ ...product, resellPrice: 799.01 });
    expect(above.error?.issues).toEqual([
      expect.objectContaining({ path: ['resellPrice'], message: RESELL_ABOVE_ORIGINAL }),
    ]);
    // Said at once, beside what else is missing, as the form shows it.
    const withOthers = newProductSchema.safeParse({ ...product, name: '', resellPrice: 900 });
    expect(withOthers.error?.issues.map((i) => i.path)).toEqual([['name'], ['resellPrice']]);
    // Not while a price itself is wrong: that price's own message is the one to read.
    const badPrice = newProductSchema.safeParse({ ...product, originalPrice: 0 });
    expect(badPrice.error?.issues.map((i) => i.path)).toEqual([['originalPrice']]);
  });

  it('refuses unknown fields and missing required ones, naming the field', () => {
    expect(newProductSchema.safeParse({ ...product, available: true }).success).toBe(false);
    const missing = newProductSchema.safeParse({ ...product, name: '' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['name']);
    expect(missing.error?.issues[0]?.message).toBe('Product name is required');
  });
});

describe('people', () => {
  it('accepts phone numbers of digits with an optional leading +', () => {
    expect(phoneSchema.safeParse('+8801712345678').success).toBe(true);
    expect(phoneSchema.safeParse('01712345678').success).toBe(true);
    expect(phoneSchema.safeParse('017-1234').success).toBe(false);
    expect(phoneSchema.safeParse('call me').success).toBe(false);
  });

  it('allows only buyer or seller at registration, and lower-cases the email', () => {
    const base = { name: 'A', phone: '0171234567', email: 'A@Example.COM', password: 'longenough' };
    expect(registrationSchema.parse({ ...base, role: 'seller' }).email).toBe('a@example.com');
    expect(registrationSchema.safeParse({ ...base, role: 'admin' }).success).toBe(false);
    expect(
      registrationSchema.safeParse({ ...base, role: 'buyer', password: 'short' }).success,
    ).toBe(false);
  });

  it('takes only product, phone and location from a booking body', () => {
    const parsed = createBookingSchema.parse({
      productId: 'p1',
      phone: '0171234567',
      location: ' Gulshan ',
      price: 1,
      email: 'someone@else.com',
    });
    expect(parsed).toEqual({ productId: 'p1', phone: '0171234567', location: 'Gulshan' });
  });
});
