/**
 * Every failure a person sees, and every failure that is logged, goes through here: the wording
 * by status, the mapping of a server's answer onto a form, the toast for an action outside a
 * form, and the console. Components never word or log an error themselves.
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { getPageI18n, translateKnownText } from '../i18n/known-texts.ts';
import { ApiError } from './api-client.ts';
import { toast } from './toast.ts';

export const ERROR_TEXTS = {
  unauthorized: 'Your session has ended. Please log in again.',
  forbidden: 'You are not allowed to do this.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  refused: 'The server refused this request.',
  server: 'Something went wrong on our side. Please try again.',
  /** A server error whose request has an id: what a person quotes to support. */
  serverWithReference: (reference: string) =>
    `Something went wrong on our side. Please try again. Reference: ${reference}`,
} as const;

/** What a status means at this place, where the general words would mislead. */
export interface ErrorWording {
  /** A 401 here, e.g. 'Invalid email or password' on the log-in form. */
  unauthorized?: string;
  /** Any other refusal (400, 404, 409...) here, in place of the server's own message. */
  refused?: string;
}

/** The web app's own failure texts that come as an error's message, by their catalog key. */
const OWN_TEXTS = new Map<string, 'network' | 'uploadNetwork' | 'uploadFailed'>([
  ['Could not reach the server. Check your connection.', 'network'],
  ['Could not upload the image. Check your connection.', 'uploadNetwork'],
  ['The image upload did not succeed', 'uploadFailed'],
]);

type ErrorKey = 'unauthorized' | 'forbidden' | 'tooManyAttempts' | 'refused' | 'server';

/** What to say: one of the catalog's words, or a text from elsewhere (the server's, a caller's). */
type Said =
  | { key: ErrorKey }
  | { key: 'tooManyAttemptsWait'; seconds: number }
  | { key: 'serverWithReference'; reference: string }
  | { text: string };

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

function whatToSay(err: unknown, wording: ErrorWording): Said {
  if (!(err instanceof ApiError)) return { key: 'server' };
  if (err.status === 0) return { text: err.message };
  if (err.status === 401) {
    return wording.unauthorized ? { text: wording.unauthorized } : { key: 'unauthorized' };
  }
  if (err.status === 403) return err.message ? { text: err.message } : { key: 'forbidden' };
  if (err.status === 429) {
    return err.retryAfterSeconds
      ? { key: 'tooManyAttemptsWait', seconds: err.retryAfterSeconds }
      : { key: 'tooManyAttempts' };
  }
  if (err.status >= 500) {
    return err.requestId
      ? { key: 'serverWithReference', reference: err.requestId }
      : { key: 'server' };
  }
  const text = wording.refused ?? err.message;
  return text ? { text } : { key: 'refused' };
}

/** The words in English, before any catalog is at hand (the server's drawing, unit tests). */
function inEnglish(said: Said): string {
  if ('text' in said) return said.text;
  switch (said.key) {
    case 'tooManyAttemptsWait':
      return `Too many attempts. Please wait ${waitText(said.seconds)} and try again.`;
    case 'serverWithReference':
      return ERROR_TEXTS.serverWithReference(said.reference);
    default:
      return ERROR_TEXTS[said.key];
  }
}

function inLanguage(i18n: I18n, said: Said): string {
  if ('text' in said) {
    const own = OWN_TEXTS.get(said.text);
    if (own) return i18n.t(`errors.${own}`);
    // A 400 names the field its message is for ('photos.0: ...'): the name is the API's, the
    // message the shared schema's.
    const named = /^([\w.]+): (.+)$/.exec(said.text);
    const message = named ? translateKnownText(i18n, named[2]!) : said.text;
    if (named && message !== named[2]) return `${named[1]}: ${message}`;
    return translateKnownText(i18n, said.text);
  }
  switch (said.key) {
    case 'tooManyAttemptsWait': {
      const wait =
        said.seconds < 90
          ? i18n.t('errors.seconds', { count: said.seconds })
          : i18n.t('errors.minutes', { count: Math.ceil(said.seconds / 60) });
      return i18n.t('errors.tooManyAttemptsWait', { wait });
    }
    case 'serverWithReference':
      return i18n.t('errors.serverWithReference', { reference: said.reference });
    default:
      return i18n.t(`errors.${said.key}`);
  }
}

/**
 * The message a person reads for a failed call, in the language of `i18n`. A 5xx, a network
 * failure or a bug never reads like a refusal of what they typed; a 403 gives the server's
 * reason, which is written for people.
 */
export function describeErrorIn(
  i18n: I18n | undefined,
  err: unknown,
  wording: ErrorWording = {},
): string {
  const said = whatToSay(err, wording);
  return i18n ? inLanguage(i18n, said) : inEnglish(said);
}

/** `describeErrorIn` for the browser page's language: for what is said outside a component. */
export function describeError(err: unknown, wording: ErrorWording = {}): string {
  return describeErrorIn(getPageI18n(), err, wording);
}

/** `describeErrorIn` for the page a component draws (on the server too). */
export function useDescribeError(): (err: unknown, wording?: ErrorWording) => string {
  const { i18n } = useTranslation();
  return (err, wording) => describeErrorIn(i18n, err, wording);
}

function statusOf(err: unknown): number | undefined {
  if (err instanceof ApiError) return err.status;
  // A route's error answer (React Router's ErrorResponse) carries its status the same way.
  if (err && typeof err === 'object' && 'status' in err && typeof err.status === 'number') {
    return err.status;
  }
  return undefined;
}

/**
 * The one place that logs a failure (the spec asks for sign-in errors to be logged), as
 * '<action> failed: ...'. A refusal (4xx), a lost connection or a reason the app itself gives (a
 * string) is expected and logged as a warning; a server error or a bug is logged as an error,
 * with the error itself for its stack.
 */
export function reportError(action: string, err: unknown): void {
  const label = `${action} failed:`;
  const status = statusOf(err);
  if (typeof err === 'string') console.warn(label, err);
  else if (err instanceof ApiError && err.status < 500) {
    console.warn(label, `${err.status} ${err.code} ${err.message}`.trimEnd());
  } else if (status !== undefined && status < 500) console.warn(label, status);
  else console.error(label, err);
}

/**
 * An action outside a form failed: log it and say so in a toast. An ended session is said by the
 * banner under the top bar (components/layout/session-ended-banner.tsx), with its way back in; a
 * toast would repeat it and cover that button.
 */
export function notifyError(action: string, err: unknown, wording?: ErrorWording): void {
  reportError(action, err);
  if (err instanceof ApiError && err.status === 401) return;
  toast.error(describeError(err, wording));
}

/**
 * A form's submission failed: log it, put the server's field messages (a 400 or 422 naming
 * `fields` the form has) under those fields, and anything else in the form's own alert
 * (`errors.root.server`). components/ui/form.tsx calls it for every form.
 */
export function showFormError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  options: { action: string; fields?: readonly FieldPath<T>[] } & ErrorWording,
): void {
  const { action, fields = [], ...wording } = options;
  reportError(action, err);
  let placed = 0;
  if (err instanceof ApiError && (err.status === 400 || err.status === 422) && err.fields) {
    for (const field of fields) {
      const message = err.fields[field];
      if (!message) continue;
      setError(field, { message }, { shouldFocus: placed === 0 });
      placed += 1;
    }
  }
  if (placed === 0) setError('root.server', { message: describeError(err, wording) });
}
