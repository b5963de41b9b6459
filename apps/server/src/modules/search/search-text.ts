/**
 * What a buyer types, turned into terms both engines understand the same way. Each term must
 * match; a term is one or more alternatives, each a list of words that must all match (as
 * prefixes, since people search while typing). "iphone13" becomes iphone13 OR (iphone AND 13),
 * "i phone" becomes iphone OR (i AND phone), "128gb" becomes 128gb OR (128 AND gb).
 */
export interface SearchWord {
  word: string;
  /** Matches any indexed word it begins; false for typo corrections, which match whole words. */
  prefix: boolean;
  /**
   * For a prefix: every indexed word it begins, when the engine looked them up (PostgreSQL);
   * the query then names those words instead of the prefix.
   */
  expansions?: string[];
}
export type SearchTerm = SearchWord[][];

const MAX_TERMS = 10;
/** Words this long or longer forgive one wrong, missing, extra or swapped letter. */
export const TYPO_MIN_LENGTH = 5;

/** Lower case, without accents, letters and digits only. */
export function searchTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== '');
}

const isLetters = (token: string) => /^[a-z]+$/.test(token);

/** A token's parts where letters meet digits ("iphone13" → iphone, 13). */
function splitDigits(token: string): string[] {
  return token.match(/[a-z]+|[0-9]+/g) ?? [token];
}

const prefixWord = (word: string): SearchWord => ({ word, prefix: true });
/** A one-letter part of a split word matches itself only: as a prefix it would match most words. */
const partWord = (word: string): SearchWord => ({ word, prefix: word.length > 1 });

export function parseSearchText(text: string): SearchTerm[] {
  const tokens = searchTokens(text);
  const terms: SearchTerm[] = [];
  for (let i = 0; i < tokens.length && terms.length < MAX_TERMS; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (token.length === 1 && isLetters(token) && next !== undefined && isLetters(next)) {
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
  const words = new Set(indexedWords(name));
  const has = ({ word, prefix }: SearchWord) =>
    prefix ? [...words].some((w) => w.startsWith(word)) : words.has(word);
  return terms.every((term) => term.some((alternative) => alternative.every(has)));
}

/** The words of a query long enough to forgive a typo, each once. */
export function typoCandidates(terms: SearchTerm[]): string[] {
  const words = new Set<string>();
  for (const term of terms) {
    for (const alternative of term) {
      for (const { word } of alternative) {
        if (word.length >= TYPO_MIN_LENGTH && isLetters(word)) words.add(word);
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

/** Optimal string alignment distance: one wrong, missing, extra or swapped letter is 1. */
export function editDistance(a: string, b: string): number {
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

/** Every word one letter away (wrong, missing, extra or swapped). */
export function wordsOneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of ALPHABET) {
      out.add(head + c + tail);
      if (tail) out.add(head + c + tail.slice(1));
    }
  }
  out.delete(word);
  return [...out];
}
