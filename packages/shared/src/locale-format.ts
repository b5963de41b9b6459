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
  /** A month's name alone, such as "March" or "মার্চ", from its number (1 to 12). */
  monthName(month: number): string;
  /** A day the server names ("2026-11-05"), as a chart's axis writes it: "Nov 5", "৫ নভে". */
  calendarDay(day: string): string;
  /**
   * A meeting's moment in the viewer's own time zone, with its weekday: "Mon, Nov 30, 2026,
   * 3:30 PM", "সোম, ৩০ নভে, ২০২৬, ৩:৩০ PM".
   */
  meetingTime(value: Date | string | number): string;
  /** A deadline ahead, with its weekday and no year: "Sat, Nov 28, 01:53 PM". */
  deadline(value: Date | string | number): string;
  /** A time of day in the viewer's time zone: "3:30 PM", "৩:৩০ PM". */
  time(value: Date | string | number): string;
  /** A time on a day this week or soon, with its weekday: "Fri, Nov 27, 3:30 PM". */
  dayTime(value: Date | string | number): string;
  /**
   * A moment where it takes place, in that time zone and naming it: "Friday, November 27, 2026
   * at 4:00 PM GMT+6" (`long`), "Nov 28, 4:00 AM GMT+6" (`short`, without weekday and year).
   */
  zoned(value: Date | string | number, timeZone: string, style: 'long' | 'short'): string;
  /** A day and a time of day, in the viewer's time zone: "Nov 26, 2026, 6:30 AM". */
  dateTime(value: Date | string | number): string;
  /**
   * When a message came, as a list shows it: the time today ("03:05 PM"), the weekday within the
   * week ("Mon 03:05 PM"), the day this year ("Mar 12"), the whole day before ("Mar 12, 2025").
   */
  when(value: Date | string | number, now?: Date): string;
  /** The whole day and time, for a tooltip and screen readers. */
  fullDateTime(value: Date | string | number): string;
  /**
   * A day as the site writes it, day-month-year, in the language's digits: "26-11-2026",
   * "২৬-১১-২০২৬"; also from the server's own "26-11-2026".
   */
  dayMonthYear(value: Date | string | number): string;
  /** The digits of a text the server wrote (a time, "09:05:00") in the language's digits. */
  digits(text: string): string;
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

const DAY_MONTH_YEAR = /^(\d{2})-(\d{2})-(\d{4})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of a moment's day in the viewer's time zone. */
function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
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
  const monthOnly = once(
    `${locale} monthName`,
    () => new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }),
  );
  const calendarDay = once(
    `${locale} calendarDay`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
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
  // Moments a person lives (meetings, messages) are in their own time zone, unlike the days above.
  const local = (name: string, options: Intl.DateTimeFormatOptions) =>
    once(`${locale} ${name}`, () => new Intl.DateTimeFormat(locale, options));
  const meeting = local('meeting', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const deadline = local('deadline', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const dateTime = local('dateTime', { dateStyle: 'medium', timeStyle: 'short' });
  const time = local('time', { hour: 'numeric', minute: '2-digit' });
  const dayTime = local('dayTime', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  const timeOfDay = local('timeOfDay', { hour: '2-digit', minute: '2-digit' });
  const weekdayTime = local('weekdayTime', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const dayThisYear = local('dayThisYear', { day: 'numeric', month: 'short' });
  const dayAnyYear = local('dayAnyYear', { day: 'numeric', month: 'short', year: 'numeric' });
  const digits = once(
    `${locale} dayMonthYear`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  );
  const full = local('full', { dateStyle: 'full', timeStyle: 'short' });
  const digit = once(
    `${locale} digit`,
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
    monthName: (m) => monthOnly.format(new Date(Date.UTC(2024, m - 1, 1))),
    calendarDay: (day) => calendarDay.format(new Date(`${day}T00:00:00Z`)),
    meetingTime: (value) => meeting.format(new Date(value)),
    deadline: (value) => deadline.format(new Date(value)),
    time: (value) => time.format(new Date(value)),
    dayTime: (value) => dayTime.format(new Date(value)),
    zoned(value, timeZone, style) {
      const zoned = once(
        `${locale} zoned ${style} ${timeZone}`,
        () =>
          new Intl.DateTimeFormat(locale, {
            ...(style === 'long'
              ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
              : { day: 'numeric', month: 'short' }),
            hour: 'numeric',
            minute: '2-digit',
            timeZone,
            timeZoneName: 'short',
          }),
      );
      return zoned.format(new Date(value));
    },
    dateTime: (value) => dateTime.format(new Date(value)),
    when(value, now = new Date()) {
      const at = new Date(value);
      const daysAgo = Math.round((startOfDay(now) - startOfDay(at)) / DAY_MS);
      if (daysAgo <= 0) return timeOfDay.format(at);
      if (daysAgo < 7) return weekdayTime.format(at);
      if (at.getFullYear() === now.getFullYear()) return dayThisYear.format(at);
      return dayAnyYear.format(at);
    },
    fullDateTime: (value) => full.format(new Date(value)),
    dayMonthYear(value) {
      const written = typeof value === 'string' ? DAY_MONTH_YEAR.exec(value) : null;
      const at = written
        ? new Date(Date.UTC(Number(written[3]), Number(written[2]) - 1, Number(written[1])))
        : new Date(value);
      const part = (type: Intl.DateTimeFormatPartTypes) =>
        digits.formatToParts(at).find((p) => p.type === type)?.value ?? '';
      return `${part('day')}-${part('month')}-${part('year')}`;
    },
    digits: (text) => text.replace(/\d/g, (d) => digit.format(Number(d))),
  };
}
