import { isRouteErrorResponse, type HydrationState, type StaticHandlerContext } from 'react-router';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { PAGE_STATE_ID } from '@market/shared';

/** What the server fetched for a page: the routes' loader data and the query cache. */
export interface PageState {
  router: HydrationState;
  queries: DehydratedState;
}

/**
 * A route error as JSON, in React Router's own format: an error answer keeps its status and
 * data, any other error only its message.
 */
type SerializedError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown }
  | { __type: 'Error'; message: string };

function serializeRouteErrors(
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

/**
 * The state of a page rendered on the server, as the JSON the server writes into the page's
 * #page-state script: what the router's loaders returned or threw, and the query cache.
 */
export function writePageState(context: StaticHandlerContext, queryClient: QueryClient): string {
  return scriptSafeJson({
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeRouteErrors(context.errors),
    },
    queries: dehydrate(queryClient),
  });
}

/** The part of the page's document the state is read from (the browser passes `document`). */
export interface PageStateSource {
  getElementById(id: string): { textContent: string | null } | null;
}

/** The state a server-rendered page carries, or null when the page was not rendered there. */
export function readPageState(page: PageStateSource): PageState | null {
  const text = page.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  const state = JSON.parse(text) as PageState & {
    router: { errors: Record<string, SerializedError> | null };
  };
  return {
    queries: state.queries,
    router: { ...state.router, errors: deserializeRouteErrors(state.router.errors) },
  };
}
