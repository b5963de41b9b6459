import { createInstance, type i18n as I18n } from 'i18next';
import type { Language } from '@market/shared';
import type { Catalog, MainCatalog } from './catalogs.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Keys are checked against the English catalog: a misspelt key does not compile.
    resources: { translation: Catalog };
  }
}

/**
 * An i18next instance for one language with its catalog already in hand, ready at once (no
 * backend, no detection: the server chose the language and the page names it), so the server's
 * render and the browser's first render read the same texts.
 */
export function createI18n(language: Language, catalog: MainCatalog): I18n {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    resources: { [language]: { translation: catalog } },
    fallbackLng: false,
    initAsync: false,
    // React escapes what it draws.
    interpolation: { escapeValue: false },
    returnNull: false,
    // A key with no text shows as the key itself: say so where it shows, so that a text missing
    // from the catalogs a page loaded (a dashboard text on a public page) fails the browser tests,
    // which fail on any console error.
    saveMissing: true,
    missingKeyHandler: (languages, _namespace, key, _fallback, _update, options) => {
      if ((options as { defaultValue?: unknown }).defaultValue !== undefined) return;
      console.error(`No ${languages.join(', ')} text for "${key}"`);
    },
  });
  return i18n;
}
