import { isRouteErrorResponse, type HydrationState } from 'react-router';
import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON script in which a server-rendered page hands its data to the browser. */
export const PAGE_STATE_ID = 'page-state';

/** What the server fetched for a page: the routes' loader data and the query cache. */
export interface PageState {
  router: HydrationState;
  queries: DehydratedState;
}

type SerializedError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown }
  | { __type: 'Error'; message: string };

/** Route errors as JSON: an error answer keeps its status, other errors only their message. */
export function serializeRouteErrors(
  errors: HydrationState['errors'],
): Record<string, SerializedError> | null {
  if (!errors) return null;
  const out: Record<string, SerializedError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] = isRouteErrorResponse(error)
      ? { ...error, __type: 'RouteErrorResponse' }
      : { __type: 'Error', message: error instanceof Error ? error.message : String(error) };
  }
  return out;
}

function deserializeRouteErrors(
  errors: Record<string, SerializedError> | null,
): HydrationState['errors'] {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (error.__type === 'RouteErrorResponse') {
      const { status, statusText, data } = error;
      // The router recognises an error answer by these fields; `internal` marks a router-made one.
      out[routeId] = { status, statusText, data, internal: false };
    } else {
      out[routeId] = new Error(error.message);
    }
  }
  return out;
}

/** JSON that is safe inside a <script> element: no `<`, and no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The state a server-rendered page carries, or null when the page was not rendered there. */
export function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  const state = JSON.parse(element.textContent) as PageState & {
    router: { errors: Record<string, SerializedError> | null };
  };
  return {
    queries: state.queries,
    router: { ...state.router, errors: deserializeRouteErrors(state.router.errors) },
  };
}
