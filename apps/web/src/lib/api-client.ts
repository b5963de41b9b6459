import type { z } from 'zod';
import { TOTAL_COUNT_HEADER, type ErrorCode, type ErrorResponse } from '@market/shared';
import { renderContext } from './render-context.ts';

/** An error answered by the API, with the message a person can read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
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

async function send(path: string, options: RequestOptions): Promise<Response> {
  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: options.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection.');
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** The API's error shape, checked by hand so that no schema library loads with every page. */
function isErrorResponse(body: unknown): body is ErrorResponse {
  if (!body || typeof body !== 'object' || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    !!error &&
    typeof error === 'object' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorResponse(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(response.status, code, message, fields);
  }
  return new ApiError(response.status, 'INTERNAL', `The server answered ${response.status}`);
}

/**
 * Calls /api + path for a read whose answer the server has already checked against the shared
 * schema on the way out. Used by the first screen, which should not wait for the schema library.
 */
export async function apiRead<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await response.json()) as T;
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
}

/** A list call: the JSON array plus the total from the X-Total-Count header. */
export async function apiPage<S extends z.ZodType>(
  path: string,
  itemSchema: S,
  options: RequestOptions = {},
): Promise<Page<z.infer<S>>> {
  const response = await send(path, options);
  const items = (await response.json()) as unknown[];
  const parsed = items.map((item) => itemSchema.parse(item) as z.infer<S>);
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? parsed.length);
  return { items: parsed, total };
}

/** The message to show for any error thrown by a call. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return 'Something went wrong';
}
