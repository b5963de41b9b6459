/**
 * What a buyer types, turned into terms both engines understand the same way. Each term must
 * match; a term is one or more alternatives, each a list of words that must all match (as
 * prefixes, since people search while typing). "iphone13" becomes iphone13 OR (iphone AND 13),
 * "i phone" becomes iphone OR (i AND phone), "128gb" becomes 128gb OR (128 AND gb).
 *
 * Words are read the same way from listings and from queries, in every script: NFKC (full-width
 * "ｉＰｈｏｎｅ" is "iphone"), lower case, accents on Latin letters dropped ("café" = "cafe") while
 * the marks of other scripts stay in their words (Bengali vowel signs, Devanagari viramas), and
 * every script's decimal digits read as 0-9 ("১২৮" = "128").
 */
export interface SearchWord {
  word: string;
  /** Matches any indexed word it begins; false for typo corrections, which match whole words. */
  prefix: boolean;
}
export type SearchTerm = SearchWord[][];

const MAX_TERMS = 10;
/** Words this long or longer (in letters) forgive one wrong, missing, extra or swapped letter. */
export const TYPO_MIN_LENGTH = 5;

/** A word's length in characters (code points), whatever its script. */
export const letterCount = (word: string): number => [...word].length;

/**
 * Characters that only join or shape others: zero-width (non-)joiners, the soft hyphen, emoji
 * variation selectors and enclosing marks (a keycap's frame). They are dropped, so that a word
 * written with a joiner is one word and an emoji is no word.
 */
const IGNORED = /[\u00ad\u200c\u200d\p{Variation_Selector}\p{Me}]/gu;
/** Accents on Latin letters ("café" = "cafe"); the marks of other scripts are their letters. */
const LATIN_ACCENT = /(?<=\p{Script=Latin}\p{M}*)\p{M}/gu;
/** A word: letters or digits, each with the marks that follow it. */
const TOKEN = /(?:[\p{L}\p{N}]\p{M}*)+/gu;
const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * A decimal digit of any script as the ASCII digit ("১২৮" = "128"). Unicode places each script's
 * digits 0 to 9 in a run of its own, so a digit's value is its place in that run.
 */
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0)!;
  let zero = code;
  while (code - zero < 9 && DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
  // A run of several scripts' digits back to back starts at a zero.
  return String((code - zero) % 10);
}

/** The text as words are read from it: NFKC, lower case, Latin accents dropped, ASCII digits. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(IGNORED, '')
    .normalize('NFD')
    .replace(LATIN_ACCENT, '')
    .normalize('NFC')
    .replace(/\p{Nd}/gu, (d) => (d >= '0' && d <= '9' ? d : asciiDigit(d)));
}

/**
 * Lower case, without Latin accents, the words of every script: runs of letters and digits with
 * their marks (a Bengali vowel sign stays in its word). Punctuation, symbols and emoji part words.
 */
export function searchTokens(text: string): string[] {
  return normalizeSearchText(text).match(TOKEN) ?? [];
}

/** Whether a text holds a word to search by (an emoji or punctuation alone holds none). */
export function hasSearchableText(text: string): boolean {
  return searchTokens(text).length > 0;
}

/**
 * Whether someone typed something but nothing to search by ("🙂", "!!"): such a search finds
 * nothing, rather than every listing as a search without words does.
 */
export function typedWithoutWords(text: string): boolean {
  return text.trim() !== '' && !hasSearchableText(text);
}

const isLetters = (token: string) => /^(?:\p{L}\p{M}*)+$/u.test(token);
const isOneLetter = (token: string) => letterCount(token) === 1 && isLetters(token);

/** A token's parts where letters meet digits ("iphone13" → iphone, 13; "১২৮জিবি" → 128, জিবি). */
function splitDigits(token: string): string[] {
  return token.match(/(?:\p{L}\p{M}*)+|(?:\p{N}\p{M}*)+/gu) ?? [token];
}

const prefixWord = (word: string): SearchWord => ({ word, prefix: true });
/** A one-letter part of a split word matches itself only: as a prefix it would match most words. */
const partWord = (word: string): SearchWord => ({ word, prefix: letterCount(word) > 1 });

export function parseSearchText(text: string): SearchTerm[] {
  const tokens = searchTokens(text);
  const terms: SearchTerm[] = [];
  for (let i = 0; i < tokens.length && terms.length < MAX_TERMS; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (isOneLetter(token) && next !== undefined && isLetters(next)) {
      // "i phone": most often one word split by the phone's keyboard.
      terms.push([[prefixWord(token + next)], [partWord(token), prefixWord(next)]]);
      i++;
      continue;
    }
    const parts = splitDigits(token);
    terms.push(
      parts.length > 1 ? [[prefixWord(token)], parts.map(partWord)] : [[prefixWord(token)]],
    );
  }
  return terms;
}

/** The words a text is indexed under: its tokens and their letter and digit parts. */
export function indexedWords(text: string): string[] {
  return searchTokens(text).flatMap((token) => {
    const parts = splitDigits(token);
    return parts.length > 1 ? [token, ...parts] : [token];
  });
}

/**
 * Whether a name answers every term, as the index would see it: each term has an alternative
 * whose words each begin (or, when not a prefix, equal) one of the name's words, its letter and
 * digit parts included ("iPhone13" has iphone13, iphone and 13).
 */
export function nameMatches(name: string, terms: SearchTerm[]): boolean {
  return wordsMatch(new Set(indexedWords(name)), terms);
}

/** Whether a text's indexed words (`indexedWords`) answer every term, as `nameMatches`. */
export function wordsMatch(words: ReadonlySet<string>, terms: SearchTerm[]): boolean {
  const has = ({ word, prefix }: SearchWord) =>
    prefix ? [...words].some((w) => w.startsWith(word)) : words.has(word);
  return terms.every((term) => term.some((alternative) => alternative.every(has)));
}

/** The words of a query long enough to forgive a typo (letters only, any script), each once. */
export function typoCandidates(terms: SearchTerm[]): string[] {
  const words = new Set<string>();
  for (const term of terms) {
    for (const alternative of term) {
      for (const { word } of alternative) {
        if (letterCount(word) >= TYPO_MIN_LENGTH && isLetters(word)) words.add(word);
      }
    }
  }
  return [...words];
}

/** Adds whole-word alternatives for words that matched nothing (corrections at distance 1). */
export function withCorrections(
  terms: SearchTerm[],
  corrections: ReadonlyMap<string, readonly string[]>,
): SearchTerm[] {
  return terms.map((term) => {
    const extra: SearchWord[][] = [];
    for (const alternative of term) {
      if (alternative.length !== 1) continue;
      for (const fix of corrections.get(alternative[0]!.word) ?? []) {
        extra.push([{ word: fix, prefix: false }]);
      }
    }
    return [...term, ...extra];
  });
}

/**
 * Optimal string alignment distance over characters (code points): one wrong, missing, extra
 * or swapped letter is 1.
 */
export function editDistance(first: string, second: string): number {
  const a = [...first];
  const b = [...second];
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every word one letter away (wrong, missing, extra or swapped), the letters put in or
 * substituted taken from `alphabet` (by default a to z; the index passes the characters of its
 * words, so corrections work in every script).
 */
export function wordsOneEditAway(word: string, alphabet: Iterable<string> = ALPHABET): string[] {
  const chars = [...word];
  const letters = [...new Set(alphabet)];
  const out = new Set<string>();
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i);
    const rest = tail.slice(1).join('');
    const whole = tail.join('');
    if (tail.length > 0) out.add(head + rest);
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2).join(''));
    for (const c of letters) {
      out.add(head + c + whole);
      if (tail.length > 0) out.add(head + c + rest);
    }
  }
  out.delete(word);
  return [...out];
}
