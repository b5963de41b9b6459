import { config, z } from 'zod';
import bn from 'zod/v4/locales/bn.js';
import en from 'zod/v4/locales/en.js';

/**
 * zod's own words, for a limit a schema states with no message of its own, in a page's language
 * (the `lang` of its <html>). The schemas' own messages stay English, for the API; the web app
 * shows them in the page's language by their English text (apps/web/src/i18n/form-messages.ts).
 */
export function zodLocale(language: string): ReturnType<typeof en> {
  return language === 'bn' ? bn() : en();
}

// In a browser, zod parses without compiling code: the page's Content-Security-Policy forbids
// eval, and the browser reports even zod's caught probe for it as a violation. Zod decides when a
// schema is made, so every module that makes one takes `z` from here (`@market/shared/zod` in
// the web app), never from 'zod' itself: this runs before any schema exists. The package's
// `sideEffects` names this file so that a bundler keeps it, and only this one, so that a page
// that makes no schema loads no zod (decision 0006). On the server, zod keeps compiling its
// parsers, which is faster, and speaks English: the API's language.
const page = (globalThis as { document?: { documentElement: { lang: string } } }).document;
if (page) {
  config({ jitless: true });
  config(zodLocale(page.documentElement.lang));
}

export { z };
