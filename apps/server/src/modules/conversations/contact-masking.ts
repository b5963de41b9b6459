/*
 * Contact details in messages stay hidden until the seller accepts the buyer's booking, so that
 * a deal is agreed here before anyone calls or writes elsewhere. The stored text is what was
 * typed; each answer masks it for its reader.
 */

export interface MaskedText {
  text: string;
  /** Whether anything was hidden. */
  masked: boolean;
}

/** A written-out email address, and the usual ways of hiding one from such a check. */
const EMAIL = /(?<![\w.+-])[\w.+-]+\s?@\s?[\w-]+(?:\.[\w-]+)+/g;
const AT = String.raw`(?:\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+)`;
const DOT = String.raw`(?:\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+|\.)`;
const SPELLED_EMAIL = new RegExp(
  String.raw`(?<![\w.+-])[\w.+-]+${AT}[\w-]+(?:${DOT}[\w-]+)+`,
  'gi',
);
const MAIL_PROVIDERS = new Set([
  'gmail',
  'googlemail',
  'yahoo',
  'hotmail',
  'outlook',
  'live',
  'icloud',
  'me',
  'proton',
  'protonmail',
  'aol',
  'gmx',
  'yandex',
  'mail',
  'zoho',
]);
/** The last label of a spelled-out address: a top-level domain, not an ordinary word. */
const TOP_LEVEL_DOMAIN = /^(?:[a-z]{2}|com|net|org|info|biz|edu|gov|mail|online|site|store|xyz)$/i;

/**
 * A run of digits, perhaps after a +, in groups split by spaces, dots, dashes or parentheses;
 * not part of a word, a link or a price ($1 200 000), and on one line.
 */
const PHONE =
  /(?<![\w/=#&%$€£৳¥@.-])\+?\s?(?:\(\d+\)|\d)(?:[ \t.-]{0,2}(?:\(\d+\)|\d))*(?![\w/@%])/g;
const PHONE_MIN_DIGITS = 7;

/** Numbers that a listing talks about: a year of purchase, a storage size. */
const LISTING_NUMBER = /^(?:19[89]\d|20[0-4]\d|16|32|64|128|256|512|1024)$/;
const DATE = /^(?:\d{1,2}[.-]\d{1,2}[.-](?:\d{2}|\d{4})|\d{4}-\d{1,2}-\d{1,2})$/;
const YEAR_RANGE = /^(?:19|20)\d\d\s?-\s?(?:19|20)\d\d$/;

function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (digits.length < PHONE_MIN_DIGITS) return false;
  const trimmed = candidate.trim();
  if (DATE.test(trimmed) || YEAR_RANGE.test(trimmed)) return false;
  // "2022 128 256" lists a phone's year and sizes. Groups split only by spaces are a phone
  // number when it starts with 0 (or +, which is not spaced only), or when at most one group
  // could be such a number ("212 256 7890").
  if (/^[\d ]+$/.test(trimmed) && !trimmed.startsWith('0')) {
    const groups = trimmed.split(/ +/);
    const listingNumbers = groups.filter((g) => LISTING_NUMBER.test(g)).length;
    if (groups.length > 1 && listingNumbers >= groups.length - 1) return false;
  }
  return true;
}

/**
 * The text with each phone number and email address replaced by `replacement`. Links stay as
 * they are (the app shows them as text), but for any address or number inside them.
 */
export function maskContacts(text: string, replacement: string): MaskedText {
  let masked = false;
  const hide = () => {
    masked = true;
    return replacement;
  };
  let result = text.replace(EMAIL, hide);
  result = result.replace(SPELLED_EMAIL, (match: string) => {
    const lastLabel = /[\w-]+$/.exec(match)?.[0] ?? '';
    if (!TOP_LEVEL_DOMAIN.test(lastLabel)) return match;
    // "Buy it at amazon.com" names a shop: a plain " at " before a plain domain is an address
    // only with a mail provider's domain.
    const plainAt = /^[\w.+-]+\s+at\s+([\w-]+)\.[\w.-]+$/i.exec(match);
    if (plainAt && !MAIL_PROVIDERS.has(plainAt[1]!.toLowerCase())) return match;
    return hide();
  });
  result = result.replace(PHONE, (match: string) => {
    if (!isPhoneNumber(match)) return match;
    // A space the run took before its first digit stays with the text before it.
    const lead = /^\s*/.exec(match)?.[0] ?? '';
    return lead + hide();
  });
  return { text: result, masked };
}
