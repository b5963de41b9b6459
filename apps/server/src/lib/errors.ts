import type { ErrorCode } from '@market/shared';
import { serverTexts, type RefusalKey, type ServerTexts, type TextKey } from '@market/shared/texts';

export type { RefusalKey };

/**
 * What a refusal's text is filled in with: a value as written (a name, an address), a number
 * (which also picks a plural), another refusal text (a state, a wait) or something each language
 * writes its own way (a date, a price).
 */
export type ReasonValue = string | number | Reason | ((texts: ServerTexts) => string);

/** Why a request was refused, as a catalog text and its values: worded in the asker's language. */
export interface Reason {
  readonly key: RefusalKey;
  readonly values?: Readonly<Record<string, ReasonValue>>;
}

export type Refusal = RefusalKey | Reason;

/** A refusal text with values to fill in. */
export const reason = (key: RefusalKey, values?: Record<string, ReasonValue>): Reason =>
  values ? { key, values } : { key };

/** A limit's name: its refusal is `common.limits.<name>`, with the wait as {{wait}}. */
export type LimitKey = RefusalKey extends infer K
  ? K extends `common.limits.${infer Limit}`
    ? Limit
    : never
  : never;

/** "42 seconds", "1 minute", "15 minutes", "5 hours": how long to wait, in the asker's words. */
export function waitFor(seconds: number): Reason {
  if (seconds < 60) return reason('common.wait.seconds', { count: seconds });
  if (seconds < 60 * 60) return reason('common.wait.minutes', { count: Math.ceil(seconds / 60) });
  return reason('common.wait.hours', { count: Math.ceil(seconds / 3600) });
}

const PLACEHOLDER_LEFT = /\{\{\s*\w+\s*\}\}/;

/** The text of a refusal in one language, with every value filled in (a missing value throws). */
export function wordRefusal(refusal: Refusal, texts: ServerTexts): string {
  const { key, values } =
    typeof refusal === 'string' ? { key: refusal, values: undefined } : refusal;
  const filled: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    filled[name] =
      typeof value === 'function'
        ? value(texts)
        : typeof value === 'object'
          ? wordRefusal(value, texts)
          : value;
  }
  const text = texts.t(`refusals.${key}` as TextKey, filled);
  if (PLACEHOLDER_LEFT.test(text)) throw new Error(`The refusal ${key} lacks a value: ${text}`);
  return text;
}

const english = serverTexts('en');

/** A refusal's English: what the API answers a request that asks for no other language. */
export const englishOf = (refusal: Refusal): string => wordRefusal(refusal, english);

/**
 * An error a client caused or may see; rendered by the one error handler in the language the
 * request asks for. Its `message` is the English, for logs and for callers in the server.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly reason: Refusal,
    /** The fields the refusal blames, each with its own reason. */
    readonly fieldReasons?: Readonly<Record<string, Refusal>>,
    readonly headers?: Record<string, string>,
  ) {
    super(wordRefusal(reason, english));
    this.name = 'AppError';
  }

  /** The fields in English. */
  get fields(): Record<string, string> | undefined {
    return this.fieldReasons && this.worded(english).fields;
  }

  /** Which refusal this is, in every language. */
  get reasonKey(): RefusalKey {
    return typeof this.reason === 'string' ? this.reason : this.reason.key;
  }

  /** The message and fields in the language of `texts`. */
  worded(texts: ServerTexts): { message: string; fields?: Record<string, string> } {
    const message = texts.language === 'en' ? this.message : wordRefusal(this.reason, texts);
    if (!this.fieldReasons) return { message };
    const fields: Record<string, string> = {};
    for (const [field, refusal] of Object.entries(this.fieldReasons)) {
      fields[field] = refusal === this.reason ? message : wordRefusal(refusal, texts);
    }
    return { message, fields };
  }
}

/** 400; with `field`, the refusal is that field's too (a form shows it under the field). */
export const badRequest = (refusal: Refusal, field?: string) =>
  new AppError(
    400,
    field ? 'VALIDATION_FAILED' : 'BAD_REQUEST',
    refusal,
    field ? { [field]: refusal } : undefined,
  );
export const unauthorized = (refusal: Refusal = 'common.signIn') =>
  new AppError(401, 'UNAUTHORIZED', refusal);
export const forbidden = (refusal: Refusal = 'common.notAllowed') =>
  new AppError(403, 'FORBIDDEN', refusal);
export const notFound = (refusal: Refusal = 'common.notFound') =>
  new AppError(404, 'NOT_FOUND', refusal);
export const conflict = (refusal: Refusal) => new AppError(409, 'CONFLICT', refusal);
export const payloadTooLarge = (refusal: Refusal) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', refusal);
export const unsupportedMediaType = (refusal: Refusal) =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', refusal);
export const serviceUnavailable = (refusal: Refusal = 'common.unavailable') =>
  new AppError(503, 'SERVICE_UNAVAILABLE', refusal);
/** 429 with the wait in `retry-after`. */
export const tooMany = (refusal: Refusal, seconds: number) =>
  new AppError(429, 'RATE_LIMITED', refusal, undefined, { 'retry-after': String(seconds) });

/** The API's error code for each status an answer may carry; other statuses are refusals (400). */
export const ERROR_CODE_FOR_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};
