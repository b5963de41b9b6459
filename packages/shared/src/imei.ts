// Plain functions without schemas: the listing page and the product form use them.

/** Digits of an IMEI: 14 that name the phone and a check digit. */
export const IMEI_LENGTH = 15;
export const IMEI_LENGTH_MESSAGE = 'An IMEI has 15 digits';
export const IMEI_CHECK_DIGIT_MESSAGE =
  "This IMEI's last digit does not match: check it for a typo";

/** The digits as typed, without the spaces and dashes people group them with. */
export function imeiDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** Whether the last digit is the Luhn check digit of the others, as on every IMEI. */
export function hasValidImeiCheckDigit(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Every second digit from the right, the check digit not counted, is doubled.
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What a listing says of its IMEI: no digit of it is ever shown. */
export const IMEI_GIVEN = 'IMEI given';

/**
 * An IMEI is given when a listing is posted; changes after that (adding, replacing, removing)
 * are counted per listing and per seller over a day, so numbers cannot be tried in turn.
 */
export const IMEI_CHANGES_PER_LISTING = 3;
export const IMEI_CHANGES_PER_SELLER = 5;
/**
 * New listings a seller may post with an IMEI in a day. A posted listing whose IMEI matches
 * another seller's phone is held, which its seller sees: the cap makes that too slow to try
 * numbers with (a million serials at this rate take over a century), and leaves a shop room.
 */
export const IMEI_POSTS_PER_SELLER = 20;
