import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALES } from '@market/shared';
import { catalogTexts as texts } from '@market/shared/texts';
import mainEn from './locales/en.json';
import mainBn from './locales/bn.json';
import accountEn from './locales/account/en.json';
import accountBn from './locales/account/bn.json';

// The main catalog and the account catalog (the dashboard's texts) of each language, as one: the
// checks below hold for every text whichever catalog brings it.
const en = { ...mainEn, ...accountEn };
const catalogs = { en, bn: { ...mainBn, ...accountBn } };
const PLURAL = /_(zero|one|two|few|many|other)$/;

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('the language catalogs', () => {
  it('split each language into a main and an account catalog with no section in both', () => {
    for (const [main, account] of [
      [mainEn, accountEn],
      [mainBn, accountBn],
    ] as const) {
      const shared = Object.keys(account).filter((section) => section in main);
      expect(shared).toEqual([]);
    }
    expect(Object.keys(accountBn).sort()).toEqual(Object.keys(accountEn).sort());
  });

  it('have the same keys in every language (plural forms aside)', () => {
    const keys = (catalog: object) =>
      [...new Set([...texts(catalog).keys()].map((key) => key.replace(PLURAL, '')))].sort();
    for (const language of LANGUAGES) {
      expect(keys(catalogs[language]), `${language} against en`).toEqual(keys(en));
    }
  });

  it('give each plural every form its language needs', () => {
    for (const language of LANGUAGES) {
      const all = texts(catalogs[language]);
      const forms = new Intl.PluralRules(LOCALES[language]).resolvedOptions().pluralCategories;
      const plurals = new Set(
        [...all.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
      );
      for (const base of plurals) {
        for (const form of forms)
          expect(all.has(`${base}_${form}`), `${language} ${base}_${form}`).toBe(true);
      }
    }
  });

  it('fill in the same values in every language', () => {
    const english = texts(en);
    for (const language of LANGUAGES) {
      for (const [key, text] of texts(catalogs[language])) {
        const base = key.replace(PLURAL, '');
        const source = english.get(key) ?? english.get(`${base}_other`) ?? '';
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(source));
      }
    }
  });

  it('name no tag of a sentence after an empty HTML element, whose words Trans would drop', () => {
    // Trans reads <link>…</link> as the empty <link> element: its words would be drawn after an
    // empty link. A sentence's tags are named for what they hold (<login>, <settings>).
    const VOID = /<(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>/;
    for (const language of LANGUAGES) {
      for (const [key, text] of texts(catalogs[language])) {
        expect(text, `${language} ${key}`).not.toMatch(VOID);
      }
    }
  });
});
