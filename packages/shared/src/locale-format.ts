// The one place numbers, dates and money become text: Intl, in the page's locale.
import { LOCALES, type Language } from './languages.ts';

/** The currency prices are shown in when the operator names none (the specification's dollars). */
export const DEFAULT_CURRENCY = 'USD';

/** An ISO 4217 currency code, such as USD or BDT. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

export interface Formatters {
  readonly language: Language;
  readonly locale: string;
  readonly currency: string;
  /** A price: whole amounts without decimals ("$1,234", "৳১,২৩৪"), others with two. */
  price(amount: number): string;
  /** A count or measure, grouped and in the locale's digits. */
  number(value: number): string;
  /** A count of results, ungrouped as the pages have always shown it ("1234", "১২৩৪"). */
  count(value: number): string;
  /** An average of stars, with one decimal as stars are said ("4.5", "৪.৫"). */
  rating(value: number): string;
  /** A calendar day, such as "Mar 5, 2026" or "৫ মার্চ, ২০২৬". */
  date(value: Date | string | number): string;
  /** A month and year, such as "March 2026", from "2026-03". */
  month(yearMonth: string): string;
}

// Building an Intl format costs a browser tens of milliseconds the first time; each is made once.
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function once<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = made.get(key) as T | undefined;
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

/** The formatters of a language, with prices in `currency`. */
export function formatters(language: Language, currency: string = DEFAULT_CURRENCY): Formatters {
  const locale = LOCALES[language];
  const money = (digits: number) =>
    once(
      `${locale} ${currency} ${digits}`,
      () =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          // "৳" rather than "BDT", "$" rather than "US$".
          currencyDisplay: 'narrowSymbol',
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }),
    );
  const day = once(
    `${locale} day`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  );
  const month = once(
    `${locale} month`,
    () => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  const numbers = once(`${locale} number`, () => new Intl.NumberFormat(locale));
  const ratings = once(
    `${locale} rating`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  );
  const counts = once(
    `${locale} count`,
    () => new Intl.NumberFormat(locale, { useGrouping: false }),
  );
  return {
    language,
    locale,
    currency,
    price: (amount) => money(Number.isInteger(amount) ? 0 : 2).format(amount),
    number: (value) => numbers.format(value),
    count: (value) => counts.format(value),
    rating: (value) => ratings.format(value),
    date: (value) => day.format(new Date(value)),
    month(yearMonth) {
      const [year = 1970, m = 1] = yearMonth.split('-').map(Number);
      return month.format(new Date(Date.UTC(year, m - 1, 1)));
    },
  };
}
