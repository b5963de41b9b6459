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
 * A run of digits, perhaps after a +, in groups split by spaces, dots, dashes (" - " too) or
 * parentheses; not part of a word, a link or a price ($1 200 000), and on one line.
 */
const PHONE =
  /(?<![\w/=#&%$€£৳¥@.-])\+?\s?(?:\(\d+\)|\d)(?:(?:[ \t]{1,2}|[ \t]?[.-][ \t]?)?(?:\(\d+\)|\d))*(?![\w/@%])/g;
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

const FORMAT_CHARACTER = /^\p{Cf}$/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
const DIGITS = /\p{Nd}/gu;
const DASH = /^[\p{Pd}\u2212]$/u;

/**
 * The value of a decimal digit of any script. Unicode keeps each script's digits together,
 * zero to nine, so the value is the distance from the start of the run, modulo ten.
 */
function digitValue(codePoint: number): number {
  let start = codePoint;
  while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (codePoint - start) % 10;
}

export interface Normalised {
  /** The text as matched: NFKC, without format characters, ASCII digits and dashes. */
  text: string;
  /** For each character of the original (by code unit): where its normal form starts and ends. */
  spans: { from: number; to: number; start: number; end: number }[];
}

/**
 * Fullwidth or other scripts' digits, a fullwidth ＠, zero-width characters and look-alike dashes
 * are ways of writing a contact that a reader understands and a plain pattern misses. Matching
 * runs on this form; the answer keeps what was typed outside what is hidden. The scam shield
 * matches on the same form.
 */
export function normalise(text: string): Normalised {
  let normal = '';
  const spans: Normalised['spans'] = [];
  let from = 0;
  for (const char of text) {
    let form: string;
    if (FORMAT_CHARACTER.test(char)) form = '';
    else if (DASH.test(char)) form = '-';
    else
      form = char.normalize('NFKC').replace(DIGITS, (d) => String(digitValue(d.codePointAt(0)!)));
    spans.push({
      from,
      to: from + char.length,
      start: normal.length,
      end: normal.length + form.length,
    });
    normal += form;
    from += char.length;
  }
  return { text: normal, spans };
}

/**
 * The text with each phone number and email address replaced by `replacement`. Links stay as
 * they are (the app shows them as text), but for any address or number inside them.
 */
export function maskContacts(text: string, replacement: string): MaskedText {
  const normal = normalise(text);
  const hidden = new Uint8Array(normal.text.length);
  // Each pass blanks what it hides with characters no pattern matches, so that the places of
  // the normal form keep pointing at the original.
  const hide = (match: string, offset: number, lead = 0) => {
    hidden.fill(1, offset + lead, offset + match.length);
    return match.slice(0, lead) + '\0'.repeat(match.length - lead);
  };
  let result = normal.text.replace(EMAIL, (match: string, offset: number) => hide(match, offset));
  result = result.replace(SPELLED_EMAIL, (match: string, offset: number) => {
    const lastLabel = /[\w-]+$/.exec(match)?.[0] ?? '';
    if (!TOP_LEVEL_DOMAIN.test(lastLabel)) return match;
    // "Buy it at amazon.com" names a shop: a plain " at " before a plain domain is an address
    // only with a mail provider's domain.
    const plainAt = /^[\w.+-]+\s+at\s+([\w-]+)\.[\w.-]+$/i.exec(match);
    if (plainAt && !MAIL_PROVIDERS.has(plainAt[1]!.toLowerCase())) return match;
    return hide(match, offset);
  });
  result.replace(PHONE, (match: string, offset: number) => {
    if (!isPhoneNumber(match)) return match;
    // A space the run took before its first digit stays with the text before it.
    return hide(match, offset, /^\s*/.exec(match)?.[0].length ?? 0);
  });
  if (!hidden.includes(1)) return { text, masked: false };

  // Back to the original: a character is hidden when its normal form is; a character with no
  // normal form (a zero-width one) when it lies between hidden ones.
  const isHidden = normal.spans.map(({ start, end }) =>
    start === end ? null : hidden.subarray(start, end).includes(1),
  );
  const hiddenAfter: boolean[] = new Array<boolean>(isHidden.length);
  for (let i = isHidden.length - 1, next = false; i >= 0; i--) {
    hiddenAfter[i] = next;
    if (isHidden[i] !== null) next = isHidden[i]!;
  }
  let out = '';
  let previous = false;
  for (let i = 0; i < normal.spans.length; i++) {
    const state: boolean = isHidden[i] ?? (previous && hiddenAfter[i]!);
    if (state && !previous) out += replacement;
    if (!state) out += text.slice(normal.spans[i]!.from, normal.spans[i]!.to);
    previous = state;
  }
  return { text: out, masked: true };
}
