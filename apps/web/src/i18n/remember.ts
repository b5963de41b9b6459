import { LANGUAGE_COOKIE, type Language } from '@market/shared';

/** Remembers the visitor's language for a year: the server sends bare addresses there. */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
