import { describe, expect, it } from 'vitest';
import {
  editDistance,
  hasSearchableText,
  indexedWords,
  nameMatches,
  parseSearchText,
  searchTokens,
  typedWithoutWords,
  typoCandidates,
  withCorrections,
  wordsOneEditAway,
} from '../src/modules/search/search-text.ts';
import {
  DOCIDS_PER_SECOND,
  SearchIndex,
  type IndexedDocument,
} from '../src/modules/search/search-index.ts';
import { searchFiltersSchema } from '@market/shared';

/*
 * How text becomes words, the same for listings and queries, in every script. The index and the
 * API apply these rules; search-differential.test.ts checks them against a reference.
 */

describe('search words in every script', () => {
  it('keeps Bengali words whole, vowel signs and viramas included', () => {
    expect(searchTokens('স্যামসাং গ্যালাক্সি')).toEqual(['স্যামসাং', 'গ্যালাক্সি']);
    // স ্ য া ম স া ং: the marks stay.
    expect([...searchTokens('স্যামসাং')[0]!]).toHaveLength(8);
    // A zero-width joiner inside a word (common in Bengali typing) does not split it.
    expect(searchTokens('র\u200d্যাব')).toEqual(['র্যাব']);
  });

  it('reads Cyrillic, Arabic and Devanagari words, lower case', () => {
    expect(searchTokens('Айфон 13 Про')).toEqual(['айфон', '13', 'про']);
    // Cyrillic й is not и: only Latin accents are dropped.
    expect(searchTokens('Йота')).toEqual(['йота']);
    expect(searchTokens('هاتف سامسونج')).toEqual(['هاتف', 'سامسونج']);
    expect(searchTokens('नमस्ते फ़ोन')).toEqual(['नमस्ते', 'फ़ोन']);
  });

  it('drops accents on Latin letters and folds case', () => {
    expect(searchTokens('Café CRÈME Ünïcode')).toEqual(['cafe', 'creme', 'unicode']);
    expect(searchTokens('İstanbul')).toEqual(['istanbul']);
    expect(searchTokens('cafe\u0301')).toEqual(['cafe']);
  });

  it('applies NFKC: full-width letters and digits, ligatures', () => {
    expect(searchTokens('ｉＰｈｏｎｅ１３')).toEqual(['iphone13']);
    expect(indexedWords('ｉＰｈｏｎｅ１３')).toEqual(['iphone13', 'iphone', '13']);
    expect(searchTokens('ﬁne')).toEqual(['fine']);
  });

  it('reads every script\u2019s digits as 0-9, so "১২৮" finds "128"', () => {
    expect(searchTokens('১২৮ ০৯')).toEqual(['128', '09']);
    expect(searchTokens('٢٥٦')).toEqual(['256']);
    expect(searchTokens('१०२४')).toEqual(['1024']);
    expect(nameMatches('Galaxy 128GB', parseSearchText('১২৮'))).toBe(true);
  });

  it('splits letters from digits in every script, as for "iPhone13" and "128gb"', () => {
    expect(indexedWords('iPhone13 128gb')).toEqual([
      'iphone13',
      'iphone',
      '13',
      '128gb',
      '128',
      'gb',
    ]);
    expect(indexedWords('১২৮জিবি')).toEqual(['128জিবি', '128', 'জিবি']);
    expect(indexedWords('Редми9')).toEqual(['редми9', 'редми', '9']);
    expect(parseSearchText('iphone13')).toEqual([
      [
        [{ word: 'iphone13', prefix: true }],
        [
          { word: 'iphone', prefix: true },
          { word: '13', prefix: true },
        ],
      ],
    ]);
  });

  it('joins a one-letter word with the next, as "i phone"', () => {
    expect(parseSearchText('i phone')).toEqual([
      [
        [{ word: 'iphone', prefix: true }],
        [
          { word: 'i', prefix: false },
          { word: 'phone', prefix: true },
        ],
      ],
    ]);
    // A Bengali letter with its vowel sign is a word of its own, not one letter.
    expect(parseSearchText('কি ফোন')).toHaveLength(2);
  });

  it('finds no words in emoji, symbols or punctuation alone', () => {
    for (const text of ['🙂👍', '!!', '— … ¿?', '❤️', '👨\u200d👩\u200d👧', '   ', '$%^&*']) {
      expect(searchTokens(text), text).toEqual([]);
      expect(parseSearchText(text), text).toEqual([]);
      expect(hasSearchableText(text), text).toBe(false);
    }
    expect(typedWithoutWords('🙂')).toBe(true);
    expect(typedWithoutWords('  ')).toBe(false);
    expect(typedWithoutWords('')).toBe(false);
    expect(typedWithoutWords('স্যামসাং')).toBe(false);
    expect(hasSearchableText('iphone 🙂')).toBe(true);
    // A keycap is its digit.
    expect(searchTokens('1️⃣')).toEqual(['1']);
  });

  it('matches names by prefix in any script', () => {
    expect(nameMatches('স্যামসাং গ্যালাক্সি S21', parseSearchText('গ্যালা'))).toBe(true);
    expect(nameMatches('Айфон 13', parseSearchText('айф 13'))).toBe(true);
    expect(nameMatches('Айфон 13', parseSearchText('айфн'))).toBe(false);
  });
});

describe('typo corrections in every script', () => {
  it('takes long words of letters of any script as typo candidates', () => {
    expect(typoCandidates(parseSearchText('স্যামসাং galaxy redmi9 note'))).toEqual([
      'স্যামসাং',
      'galaxy',
      'redmi',
    ]);
  });

  it('measures edits in characters, not UTF-16 units', () => {
    expect(editDistance('galaxy', 'galxay')).toBe(1);
    expect(editDistance('айфон', 'айфно')).toBe(1);
    expect(editDistance('𝒜bcde', 'bcde')).toBe(1);
    expect(wordsOneEditAway('айфон', 'айфонх')).toContain('айфонх');
    expect(wordsOneEditAway('ab')).toContain('b');
    expect(wordsOneEditAway('ab')).not.toContain('ab');
  });

  it('adds corrections as whole-word alternatives', () => {
    const terms = parseSearchText('galaxu');
    expect(withCorrections(terms, new Map([['galaxu', ['galaxy']]]))).toEqual([
      [[{ word: 'galaxu', prefix: true }], [{ word: 'galaxy', prefix: false }]],
    ]);
  });

  let next = 1;
  const doc = (name: string, extra: Partial<IndexedDocument> = {}): IndexedDocument => ({
    docid: next * DOCIDS_PER_SECOND,
    postedAt: next++ * 1000,
    location: '',
    category: 'samsung',
    price: 30_000,
    condition: 'good',
    storage: null,
    battery: null,
    seller: 's',
    name,
    colour: null,
    description: '',
    networkLock: null,
    activationLockOff: null,
    ...extra,
  });
  const find = (index: SearchIndex, q: string) =>
    index
      .page(
        index.resolveTerms(parseSearchText(q)),
        searchFiltersSchema.parse({ q }),
        'newest',
        null,
        50,
      )
      .map((e) => e.docid);

  it('corrects Bengali, Cyrillic and Arabic words from the letters the index holds', () => {
    const index = new SearchIndex();
    const bengali = doc('স্যামসাং গ্যালাক্সি');
    const russian = doc('Самсунг Галакси');
    const arabic = doc('سامسونج جالاكسي');
    for (const d of [bengali, russian, arabic]) index.add(d);
    // A missing vowel sign, a wrong letter, a swapped pair.
    expect(find(index, 'স্যামসং')).toEqual([bengali.docid]);
    expect(find(index, 'самсунк')).toEqual([russian.docid]);
    expect(find(index, 'ساموسنج')).toEqual([arabic.docid]);
  });

  it('orders corrections by listings on show, then alphabetically, five at most', () => {
    const index = new SearchIndex();
    // Six words one letter from "pixelz": pixela..pixelf, pixelb in two listings.
    const docs = ['pixela', 'pixelb', 'pixelb', 'pixelc', 'pixeld', 'pixele', 'pixelf'].map((n) =>
      doc(n),
    );
    for (const d of docs) index.add(d);
    const fixes = (q: string) => index.resolveTerms(parseSearchText(q))[0]!.slice(1);
    expect(fixes('pixelz').map((a) => a[0]!.word)).toEqual([
      'pixelb',
      'pixela',
      'pixelc',
      'pixeld',
      'pixele',
    ]);
    // A word only sold listings had is no correction, nor does it stop one.
    index.remove(docs[1]!.docid);
    index.remove(docs[2]!.docid);
    expect(fixes('pixelz').map((a) => a[0]!.word)).toEqual([
      'pixela',
      'pixelc',
      'pixeld',
      'pixele',
      'pixelf',
    ]);
    const gone = doc('pixelzz');
    index.add(gone);
    index.remove(gone.docid);
    expect(fixes('pixelz')).toHaveLength(5);
  });
});
