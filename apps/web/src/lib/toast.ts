/**
 * The spec's toasts (top right, 3000 ms). react-toastify loads after the first screen, so it is
 * not on the home page's critical path; a toast asked for meanwhile shows once it has loaded.
 */
import type * as Toastify from 'react-toastify';

let toastify: Promise<typeof Toastify> | null = null;

export function loadToastify() {
  toastify ??= import('react-toastify');
  return toastify;
}

export const toast = {
  success(message: string): void {
    void loadToastify().then((m) => m.toast.success(message));
  },
  error(message: string): void {
    void loadToastify().then((m) => m.toast.error(message));
  },
};
