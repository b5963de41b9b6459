/**
 * The spec's toasts (top right, 3000 ms). react-toastify, its stylesheet and its container load
 * when the first toast is asked for, not with the page: adding a stylesheet makes the browser
 * restyle the whole page, which a page that never shows a toast should not pay for. A toast
 * asked for meanwhile waits in react-toastify's queue until the container is up.
 */
import { createElement, type ReactNode } from 'react';
import type * as Toastify from 'react-toastify/unstyled';
import { pageText } from '../i18n/known-texts.ts';

let toastify: Promise<typeof Toastify> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** The toast library, unstyled: the container's own module brings its stylesheet. */
function loadToastify() {
  toastify ??= import('react-toastify/unstyled');
  return toastify;
}

/** Whether a toast has been asked for, so that the container should be on the page. */
export const toastsWanted = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): boolean => wanted,
};

/**
 * Callers hand over the specification's English texts (MESSAGES) and the failure words of
 * lib/errors.ts; a known text is shown in the page's language.
 */
function show(kind: 'success' | 'error', english: string, englishDetail?: string): void {
  const message = pageText(english);
  const detail = englishDetail && pageText(englishDetail);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const content: ReactNode = detail
    ? createElement(
        'div',
        null,
        createElement('p', { className: 'font-semibold' }, message),
        createElement('p', { className: 'mt-1 text-sm' }, detail),
      )
    : message;
  void loadToastify().then((m) => m.toast[kind](content));
}

export const toast = {
  /** The message, and a line under it saying what happens next. */
  success(message: string, detail?: string): void {
    show('success', message, detail);
  },
  error(message: string): void {
    show('error', message);
  },
};
