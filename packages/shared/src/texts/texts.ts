// The server's texts (notifications, emails, calendar files) in a person's language: i18next does
// the interpolation and the plurals, from the catalogs en.ts and bn.ts. Imported as
// '@market/shared/texts', so that the web app's bundles do not carry them.
import { createInstance } from 'i18next';
import { LANGUAGES, LOCALES, type Language } from '../languages.ts';
import { DEFAULT_CURRENCY, formatters, type Formatters } from '../locale-format.ts';
import type { ServerCatalog, TextKey } from './catalog.ts';
import bn from './bn.ts';
import en from './en.ts';

export { catalogTexts, type RefusalKey, type ServerCatalog, type TextKey } from './catalog.ts';

export const SERVER_CATALOGS = { en, bn } as const satisfies Record<Language, ServerCatalog>;

/** What a text is filled in with; a number named `count` picks the plural form. */
export type TextValues = Record<string, string | number>;

export interface ServerTexts {
  readonly language: Language;
  /** The text of `key` in this language, filled in with `values`. */
  t(key: TextKey, values?: TextValues): string;
  /** Numbers, days and prices in this language and the operator's currency. */
  readonly format: Formatters;
  /** A meeting's time in its own zone, as both sides agreed on it: "Tue, 25 Nov 2026, 15:30 GMT+6". */
  meetingTime(at: Date, timeZone: string): string;
  /** A moment in UTC, said so: "25 Nov 2026, 15:30 UTC". */
  utcTime(at: Date): string;
}

const i18n = createInstance();
void i18n.init({
  resources: Object.fromEntries(
    LANGUAGES.map((language) => [language, { translation: SERVER_CATALOGS[language] }]),
  ),
  lng: 'en',
  fallbackLng: false,
  initAsync: false,
  // Emails escape what they put in HTML themselves (mail-template.ts); the rest is plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** English dates are written the British way, as the marketplace's emails always were. */
const DATE_LOCALES = { en: 'en-GB', bn: LOCALES.bn } as const satisfies Record<Language, string>;

const made = new Map<string, ServerTexts>();

/** The server's texts in `language`, with prices in `currency`. */
export function serverTexts(language: Language, currency: string = DEFAULT_CURRENCY): ServerTexts {
  const id = `${language} ${currency}`;
  const found = made.get(id);
  if (found) return found;
  const fixed = i18n.getFixedT(language);
  const dateLocale = DATE_LOCALES[language];
  const utc = new Intl.DateTimeFormat(dateLocale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  // One format per meeting zone, made when first asked for (a reminder job writes many).
  const meetingFormats = new Map<string, Intl.DateTimeFormat>();
  const texts: ServerTexts = {
    language,
    // The web app's typed keys (its own catalog) are declared on i18next's `t` for the whole
    // program that includes this file; these keys are checked by TextKey instead.
    t: (key, values) => (fixed as unknown as (k: string, v?: TextValues) => string)(key, values),
    format: formatters(language, currency),
    meetingTime(at, timeZone) {
      let zoned = meetingFormats.get(timeZone);
      if (!zoned) {
        try {
          zoned = new Intl.DateTimeFormat(dateLocale, {
            weekday: 'short',
            day: 'numeric',
            month: 'short',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            timeZone,
            timeZoneName: 'short',
          });
        } catch {
          // A zone this runtime does not know: the time in UTC is still right.
          return texts.utcTime(at);
        }
        meetingFormats.set(timeZone, zoned);
      }
      return zoned.format(at);
    },
    utcTime: (at) => `${utc.format(at)} UTC`,
  };
  made.set(id, texts);
  return texts;
}
