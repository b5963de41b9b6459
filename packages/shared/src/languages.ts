// The languages the product speaks, and the address scheme that gives each page one per language.

export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A visitor who asks for neither language, and every address without a language prefix. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that remembers the language a visitor chose. */
export const LANGUAGE_COOKIE = 'lang';

/** The locale each language formats numbers, dates and money in (`bn-BD` writes Bangla digits). */
export const LOCALES = { en: 'en-US', bn: 'bn-BD' } as const satisfies Record<Language, string>;

/** The language's name in itself, as the language switch shows it. */
export const LANGUAGE_NAMES = { en: 'English', bn: 'বাংলা' } as const satisfies Record<
  Language,
  string
>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Where a language's pages live: '' for English (the bare addresses), '/bn' for Bangla. */
export function languageBase(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '' : `/${language}`;
}

const PREFIXED = /^\/(bn)(?=[/?#]|$)/;

/**
 * The language of an address and the address without its prefix: `/bn/search?q=x` is Bangla at
 * `/search?q=x`; `/bn` is Bangla at `/`; an address without a prefix is English.
 */
export function splitLanguagePath(url: string): { language: Language; path: string } {
  const match = PREFIXED.exec(url);
  if (!match || !isLanguage(match[1])) return { language: DEFAULT_LANGUAGE, path: url };
  const rest = url.slice(match[0].length);
  return { language: match[1], path: rest.startsWith('/') ? rest : `/${rest}` };
}

/** The address of a page (path and query, without prefix) in a language. */
export function pathInLanguage(path: string, language: Language): string {
  return `${languageBase(language)}${path}`;
}

/**
 * The language an `Accept-Language` header prefers among ours, by its quality values; null when
 * it names none of them.
 */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = Number(
      params
        .find((p) => p.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(language) || !(q > 0)) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? null;
}

const LANGUAGE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/** The language a Cookie header remembers, if any. */
export function cookieLanguage(cookieHeader: string | undefined): Language | null {
  const match = cookieHeader ? LANGUAGE_COOKIE_VALUE.exec(cookieHeader) : null;
  const value = match?.[1]?.trim();
  return isLanguage(value) ? value : null;
}

/** How long the language cookie remembers a choice: a year, in seconds. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The language a visitor reads in, from their request: the one they chose (the cookie), else the
 * one their browser asks for, else English.
 */
export function chosenLanguage(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Language {
  return (
    cookieLanguage(cookieHeader ?? undefined) ??
    acceptedLanguage(acceptLanguage ?? undefined) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * The cookie that remembers a language, as a `Set-Cookie` value (the server's answers) and as
 * `document.cookie` takes it (the browser): readable by the page, for the whole site, a year.
 */
export function languageCookie(language: Language, secure = false): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
