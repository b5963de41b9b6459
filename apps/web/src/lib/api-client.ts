import type { z } from 'zod';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  TOTAL_COUNT_RELATION_HEADER,
} from '@market/shared';
import { renderContext } from './render-context.ts';

/**
 * A failed call: the status, the server's code and message, the fields it blamed and how long it
 * asked to wait. `lib/errors.ts` turns it into what a person reads; status 0 means the server was
 * not reached.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** One of the shared ERROR_CODES from our API; Better Auth's own codes from /api/auth. */
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds the server asked to wait before trying again (429, 503). */
    readonly retryAfterSeconds?: number,
    /** The request's id on a server error (5xx), for a person to quote to support. */
    readonly requestId?: string,
    /** Which refusal it is, whatever the language of its message ('common.listing.sold'). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server could not be reached at all. */
export function networkError(message = 'Could not reach the server. Check your connection.') {
  return new ApiError(0, 'NETWORK', message);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

interface CallInit {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** A call answered in-process while the server renders a page. */
async function callWhileRendering(url: string, init: CallInit): Promise<Response> {
  const answer = await renderContext().callApi({
    method: init.method,
    path: url,
    headers: init.headers ?? {},
    body: init.body,
  });
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : answer.body, {
    status: answer.status,
    headers: answer.headers,
  });
}

/** In the browser, the network; in a server render, the API called in-process. */
const transport: (url: string, init: CallInit) => Promise<Response> = import.meta.env.SSR
  ? callWhileRendering
  : (url, init) => fetch(url, { ...init, credentials: 'same-origin' });

function buildUrl(path: string, query?: RequestOptions['query']): string {
  // Only the path and query are kept, so any origin will do.
  const url = new URL(`/api${path}`, 'http://localhost');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

let sessionEnded: () => void = () => undefined;

/** The language the API words its refusals in: the page's (set once by the browser entry). */
let callLanguage: string | undefined;

/** Asks the API to word its refusals in the page's language. */
export function callApiIn(language: string): void {
  callLanguage = language;
}

/** The language the API is asked to word its refusals in, if the page set one. */
export function callLanguageOf(): string | undefined {
  return callLanguage;
}

function headersFor(options: RequestOptions): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // On the server the render passes the page's language on with every call itself.
  if (callLanguage) headers['accept-language'] = callLanguage;
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/**
 * Registers what happens when the API answers 401: every call of ours needs only a session, so
 * the session the page was using has ended. (Sign-in goes through lib/auth-client.ts, where a 401
 * means a wrong password instead.)
 */
export function whenSessionEnds(listener: () => void): void {
  sessionEnded = listener;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: headersFor(options),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw networkError();
  }
  if (response.status === 401) sessionEnded();
  if (!response.ok) throw await toApiError(response);
  return response;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * An error answer as an ApiError. The body is checked by hand, so that no schema library loads
 * with every page. It reads the API's `{ error: { code, message, fields, requestId } }` and also
 * Better Auth's own `{ code, message }`, which /api/auth may still send.
 */
export function apiErrorFrom(status: number, body: unknown, headers: Headers): ApiError {
  const error = isRecord(body) ? (isRecord(body.error) ? body.error : body) : {};
  const code =
    typeof error.code === 'string' ? error.code : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  const message = typeof error.message === 'string' ? error.message : '';
  const wait = Number(headers.get('retry-after') ?? headers.get('x-retry-after') ?? NaN);
  // The body names it on our own server errors; the header has it on any answer of ours.
  const requestId =
    status >= 500
      ? typeof error.requestId === 'string'
        ? error.requestId
        : (headers.get('x-request-id') ?? undefined)
      : undefined;
  return new ApiError(
    status,
    code,
    message,
    stringRecord(error.fields),
    Number.isFinite(wait) && wait > 0 ? wait : undefined,
    requestId,
    typeof error.reason === 'string' ? error.reason : undefined,
  );
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  return apiErrorFrom(response.status, body, response.headers);
}

/**
 * Calls /api + path for a read whose answer the server has already checked against the shared
 * schema on the way out. Used by the first screen, which should not wait for the schema library.
 */
export async function apiRead<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await response.json()) as T;
}

/** Calls /api + path for a write whose answer the page does not read (it may have no body). */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  const response = await send(path, options);
  // Read to the end, so that the connection is free for the next call.
  await response.arrayBuffer();
}

/** Calls /api + path and checks the answer against the shared schema. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const response = await send(path, options);
  return schema.parse(await response.json());
}

export interface Page<T> {
  items: T[];
  total: number;
  /** False when the total is a lower bound (X-Total-Count-Relation: gte; search only). */
  totalExact?: boolean;
  /** The next page's opaque cursor (X-Next-Cursor), when the list pages by cursor. */
  nextCursor?: string;
}

/** A list's total from its headers (X-Total-Count, and its relation); `counted` without one. */
export function readTotal(headers: Headers, counted: number) {
  return {
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? counted),
    totalExact: headers.get(TOTAL_COUNT_RELATION_HEADER) !== 'gte',
  };
}

/** A page's total as shown: "1000+" when it is a lower bound. */
export const totalText = (page: Pick<Page<unknown>, 'total' | 'totalExact'>) =>
  `${page.total}${page.totalExact === false ? '+' : ''}`;

/** A list call: the JSON array plus the total from the X-Total-Count header. */
export async function apiPage<S extends z.ZodType>(
  path: string,
  itemSchema: S,
  options: RequestOptions = {},
): Promise<Page<z.infer<S>>> {
  const response = await send(path, options);
  const items = (await response.json()) as unknown[];
  const parsed = items.map((item) => itemSchema.parse(item) as z.infer<S>);
  const { total, totalExact } = readTotal(response.headers, parsed.length);
  const nextCursor =
    response.headers.get(NEXT_CURSOR_HEADER) ?? cursorOfNextLink(response.headers.get('link'));
  return nextCursor
    ? { items: parsed, total, totalExact, nextCursor }
    : { items: parsed, total, totalExact };
}

/** The `cursor` of the page a `Link: <...>; rel="next"` header points to. */
export function cursorOfNextLink(link: string | null): string | undefined {
  for (const part of link?.split(',') ?? []) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (!match?.[1]) continue;
    return new URL(match[1], 'http://localhost').searchParams.get('cursor') ?? undefined;
  }
  return undefined;
}
