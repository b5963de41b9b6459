// The language of a page request: the address names it; a bare address may be sent to /bn.
import {
  acceptedLanguage,
  cookieLanguage,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  pathInLanguage,
  splitLanguagePath,
  type Language,
} from '@market/shared';

export interface PageLanguage {
  /** The language the page is drawn in. */
  language: Language;
  /** The page's address without its language prefix: what the cache policy and keys read. */
  path: string;
  /** The address the visitor is sent to instead: the page in the language they prefer. */
  redirect?: string;
  /** True for a bare address, whose answer depends on the cookie and Accept-Language. */
  negotiated: boolean;
}

/**
 * `/bn/...` is Bangla whoever asks: a shared link keeps its language. A bare address is
 * English, unless the visitor chose Bangla (the cookie) or, never having chosen, their browser
 * asks for Bangla first (Accept-Language): they are sent to the same page under /bn.
 */
export function pageLanguage(
  url: string,
  headers: { cookie?: string | undefined; 'accept-language'?: string | undefined },
): PageLanguage {
  const { language, path } = splitLanguagePath(url);
  if (language !== DEFAULT_LANGUAGE) return { language, path, negotiated: false };
  const wanted =
    cookieLanguage(headers.cookie) ??
    acceptedLanguage(headers['accept-language']) ??
    DEFAULT_LANGUAGE;
  if (wanted === DEFAULT_LANGUAGE) return { language, path, negotiated: true };
  return { language, path, redirect: pathInLanguage(path, wanted), negotiated: true };
}

const LANGUAGE_COOKIE_PAIR = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=[^;]*`, 'g');

/**
 * The Cookie header without the language cookie, undefined when nothing else is left: choosing a
 * language does not make a visitor's pages their own, and they are still drawn once for everyone.
 */
export function withoutLanguageCookie(cookie: string | undefined): string | undefined {
  if (cookie === undefined) return undefined;
  const rest = cookie.replace(LANGUAGE_COOKIE_PAIR, '').replace(/^;\s*/, '').trim();
  return rest === '' ? undefined : rest;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page's address in every language, for search engines and link previews (`hreflang`); the
 * English address is also the one for any other language (`x-default`).
 */
export function alternateLinks(origin: string, path: string): string {
  const link = (hreflang: string, language: Language) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(origin + pathInLanguage(path, language))}">`;
  return (
    LANGUAGES.map((language) => link(language, language)).join('') +
    link('x-default', DEFAULT_LANGUAGE)
  );
}

/** The page shell's <html> element for a language and currency, which the browser app reads. */
export function htmlElementFor(html: string, language: Language, currency: string): string {
  return html.replace(
    /<html lang="[^"]*"/,
    `<html lang="${language}" data-currency="${escapeAttribute(currency)}"`,
  );
}
