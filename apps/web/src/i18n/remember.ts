import { languageCookie, type Language } from '@market/shared';

/** Remembers the visitor's language for a year: the server sends bare addresses there. */
export function rememberLanguage(language: Language): void {
  document.cookie = languageCookie(language, location.protocol === 'https:');
}
