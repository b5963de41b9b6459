import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LOCALES, MESSAGES, type Language } from '@market/shared';
import {
  FORM_FIELDS,
  FORM_MESSAGES,
  type FormFieldKey,
  type FormMessageKey,
} from './form-messages.ts';

/**
 * English texts that reach a person without a key: the shared schemas' messages (under a form's
 * fields, from the browser's own check or from the server's 400 answer), the specification's
 * texts a component hands to a toast or a dialog, a reason the server words. On a page in another
 * language they are shown translated when they are known here, and as written when not.
 */

/** The specification's texts (MESSAGES) that toasts and dialogs show, by their catalog key. */
export const SPEC_TEXTS = new Map<string, string>([
  [MESSAGES.loginSuccess, 'toast.loginSuccess'],
  [MESSAGES.socialLoginSuccess, 'toast.socialLoginSuccess'],
  [MESSAGES.registrationSuccess, 'toast.registrationSuccess'],
  [MESSAGES.logoutSuccess, 'toast.logoutSuccess'],
  [MESSAGES.productAdded, 'toast.productAdded'],
  [MESSAGES.advertisementAdded, 'toast.advertisementAdded'],
  [MESSAGES.sellerVerified, 'toast.sellerVerified'],
  [MESSAGES.bookingCompleted, 'toast.bookingCompleted'],
  [MESSAGES.wishlistAdded, 'toast.wishlistAdded'],
  [MESSAGES.wishlistRemoved, 'toast.wishlistRemoved'],
  [MESSAGES.invalidCredentials, 'auth.invalidCredentials'],
  [MESSAGES.googleNotConfigured, 'auth.social.notConfigured'],
  [MESSAGES.passwordResetSent, 'auth.forgot.sent'],
  [MESSAGES.confirmTitle, 'dialog.confirmTitle'],
  [MESSAGES.confirmText, 'dialog.confirmText'],
  [MESSAGES.confirmButton, 'dialog.confirmButton'],
  [MESSAGES.deletedTitle, 'dialog.deletedTitle'],
  [MESSAGES.deletedText, 'dialog.deletedText'],
]);

/** Placeholders that stand for a number, which the translation writes in the page's digits. */
const NUMBERS = new Set(['max', 'min', 'year', 'digits', 'days', 'size']);
const NUMBER = String.raw`-?\d[\d,]*(?:\.\d+)?`;

interface Template {
  key: FormMessageKey;
  pattern: RegExp;
  names: string[];
  /** How much of the template is words, not placeholders. */
  words: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let exact: Map<string, FormMessageKey> | undefined;
const templates: Template[] = [];

/** The texts without placeholders by their words; the others as patterns. */
function compile(): Map<string, FormMessageKey> {
  if (exact) return exact;
  exact = new Map();
  for (const [key, english] of Object.entries(FORM_MESSAGES) as [FormMessageKey, string][]) {
    const names = [...english.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
    if (names.length === 0) {
      exact.set(english, key);
      continue;
    }
    const source = english
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        return NUMBERS.has(name) ? `(${NUMBER})` : '(.+?)';
      })
      .join('');
    const words = english.replace(/\{\{\w+\}\}/g, '').length;
    templates.push({ key, pattern: new RegExp(`^${source}$`), names, words });
  }
  // The most particular first: 'Storage must be one of {{list}}' before '{{field}} must be one of
  // {{list}}', whichever the catalog names first.
  templates.sort((a, b) => b.words - a.words);
  return exact;
}

/** The key of a schema's (or form check's) message and the values it was written with. */
export function matchFormMessage(
  text: string,
): { key: FormMessageKey; values: Record<string, string> } | undefined {
  const key = compile().get(text);
  if (key) return { key, values: {} };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]!]));
    return { key: template.key, values };
  }
  return undefined;
}

const FIELD_KEYS = new Map(
  (Object.entries(FORM_FIELDS) as [FormFieldKey, string][]).map(([key, english]) => [english, key]),
);

/** The key of a field a message names; undefined for a name the API reads ('lat', 'keys.auth'). */
export function formFieldKey(name: string): FormFieldKey | undefined {
  return FIELD_KEYS.get(name);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number written in English ('1,000,000', '2007') in the page's digits, grouped as it was. */
function localNumber(language: Language, english: string): string {
  const grouped = english.includes(',');
  const id = `${language} ${grouped}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], {
      useGrouping: grouped,
      maximumFractionDigits: 20,
    });
    numberFormats.set(id, format);
  }
  return format.format(Number(english.replaceAll(',', '')));
}

/** A known English text in the instance's language; an unknown one (or any on English pages) as written. */
export function translateKnownText(i18n: Pick<I18n, 't' | 'language'>, text: string): string {
  const language = i18n.language as Language;
  if (language === 'en' || !text) return text;
  const t = i18n.t as (key: string, values?: Record<string, string>) => string;
  const spec = SPEC_TEXTS.get(text);
  if (spec) return t(spec);
  const match = matchFormMessage(text);
  if (!match) return text;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(match.values)) {
    const field = name === 'field' ? formFieldKey(value) : undefined;
    if (field) values[name] = t(`forms.fields.${field}`);
    else if (NUMBERS.has(name)) values[name] = localNumber(language, value);
    else values[name] = value;
  }
  return t(`forms.messages.${match.key}`, values);
}

/** `translateKnownText` for the page being drawn. */
export function useKnownText(): (text: string) => string {
  const { i18n } = useTranslation();
  return (text) => translateKnownText(i18n, text);
}

let pageI18n: I18n | undefined;

/**
 * The browser page's instance, for what is said outside a component (a toast, a dialog, a failed
 * action's words). Set once before the app takes the page over; the server, which draws pages of
 * both languages at once, never sets it, and components use the hooks instead.
 */
export function setPageI18n(i18n: I18n): void {
  pageI18n = i18n;
}

export function getPageI18n(): I18n | undefined {
  return pageI18n;
}

/** A known English text in the browser page's language (as written before the app has started). */
export function pageText(text: string): string {
  return pageI18n ? translateKnownText(pageI18n, text) : text;
}
