/// <reference types="vite-plugin-pwa/client" />
import { useEffect, useState } from 'react';

/**
 * Registers the service worker once the page has loaded, and when a new version of the app is
 * waiting shows a small notice to take it: the version in use keeps working until the person
 * chooses to reload.
 */
export default function AppUpdates() {
  const [reload, setReload] = useState<(() => Promise<void>) | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      const update = registerSW({
        onNeedRefresh: () => setReload(() => () => update(true)),
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!reload) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-box bg-neutral px-4 py-3 text-neutral-content shadow-lg"
    >
      <span className="text-sm">A new version is ready</span>
      <button type="button" className="btn btn-sm btn-primary" onClick={() => void reload()}>
        Reload
      </button>
    </div>
  );
}
