import type { ApiCall, ApiAnswer, RequestScope } from '@market/shared';

/**
 * What a page rendered on the server gives the web code in place of the browser's network: the
 * API, called in-process with the visitor's cookie. It travels in the request's scope
 * (AsyncLocalStorage) because the API client is called from query functions, which take no
 * request of their own.
 */
export interface RenderContext {
  callApi: (call: ApiCall) => Promise<ApiAnswer>;
}

let scope: RequestScope | undefined;

/** Set once by the server entry: the scope that holds the current request's render context. */
export function setRequestScope(requestScope: RequestScope): void {
  scope = requestScope;
}

export function renderContext(): RenderContext {
  const context = scope?.getStore() as RenderContext | undefined;
  if (!context) throw new Error('No page is being rendered on the server at this point');
  return context;
}
