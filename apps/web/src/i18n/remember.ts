import { cookieLanguage, languageCookie, type Language } from '@market/shared';

/** Remembers the visitor's language for a year: the server sends bare addresses there. */
export function rememberLanguage(language: Language): void {
  document.cookie = languageCookie(language, location.protocol === 'https:');
}

/**
 * The language this device reads in now, when it is not the page's: signing in sets the cookie
 * to the account's language (the server does), and the next page should open in it.
 */
export function languageToSwitchTo(pageLanguage: string): Language | null {
  const chosen = cookieLanguage(document.cookie);
  return chosen && chosen !== pageLanguage ? chosen : null;
}
