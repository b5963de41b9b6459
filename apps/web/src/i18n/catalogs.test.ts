import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALES } from '@market/shared';
import { catalogTexts as texts } from '@market/shared/texts';
import en from './locales/en.json';
import bn from './locales/bn.json';

const catalogs = { en, bn };
const PLURAL = /_(zero|one|two|few|many|other)$/;

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('the language catalogs', () => {
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
});
