/**
 * Every failure a person sees, and every failure that is logged, goes through here: the wording
 * by status, the mapping of a server's answer onto a form, the toast for an action outside a
 * form, and the console. Components never word or log an error themselves.
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
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

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * The message a person reads for a failed call. A 5xx, a network failure or a bug never reads
 * like a refusal of what they typed; a 403 gives the server's reason, which is written for people.
 */
export function describeError(err: unknown, wording: ErrorWording = {}): string {
  if (!(err instanceof ApiError)) return ERROR_TEXTS.server;
  if (err.status === 0) return err.message;
  if (err.status === 401) return wording.unauthorized ?? ERROR_TEXTS.unauthorized;
  if (err.status === 403) return err.message || ERROR_TEXTS.forbidden;
  if (err.status === 429) {
    return err.retryAfterSeconds
      ? `Too many attempts. Please wait ${waitText(err.retryAfterSeconds)} and try again.`
      : ERROR_TEXTS.tooManyAttempts;
  }
  if (err.status >= 500) {
    return err.requestId ? ERROR_TEXTS.serverWithReference(err.requestId) : ERROR_TEXTS.server;
  }
  return wording.refused ?? (err.message || ERROR_TEXTS.refused);
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
