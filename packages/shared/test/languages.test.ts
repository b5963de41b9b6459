import { describe, expect, it } from 'vitest';
import {
  acceptedLanguage,
  cookieLanguage,
  pathInLanguage,
  splitLanguagePath,
} from '../src/index.ts';

describe('language addresses', () => {
  it('reads the language from the address prefix and gives the address without it', () => {
    expect(splitLanguagePath('/bn/search?q=iphone')).toEqual({
      language: 'bn',
      path: '/search?q=iphone',
    });
    expect(splitLanguagePath('/bn')).toEqual({ language: 'bn', path: '/' });
    expect(splitLanguagePath('/bn?page=2')).toEqual({ language: 'bn', path: '/?page=2' });
    expect(splitLanguagePath('/search')).toEqual({ language: 'en', path: '/search' });
    // A page whose own path starts with the letters is not Bangla.
    expect(splitLanguagePath('/bnx')).toEqual({ language: 'en', path: '/bnx' });
  });

  it('puts a page in a language', () => {
    expect(pathInLanguage('/search', 'bn')).toBe('/bn/search');
    expect(pathInLanguage('/search', 'en')).toBe('/search');
  });

  it('chooses from Accept-Language by quality, and null when it names neither language', () => {
    expect(acceptedLanguage('bn-BD,bn;q=0.9,en;q=0.8')).toBe('bn');
    expect(acceptedLanguage('en-US,en;q=0.9,bn;q=0.5')).toBe('en');
    expect(acceptedLanguage('fr, bn;q=0.3')).toBe('bn');
    expect(acceptedLanguage('fr, de')).toBeNull();
    expect(acceptedLanguage('bn;q=0')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
  });

  it('reads the remembered language from the cookie', () => {
    expect(cookieLanguage('a=1; lang=bn; b=2')).toBe('bn');
    expect(cookieLanguage('lang=xx')).toBeNull();
    expect(cookieLanguage('slang=bn')).toBeNull();
  });
});
