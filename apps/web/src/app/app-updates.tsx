/// <reference types="vite-plugin-pwa/client" />
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks the waiting version to take over, and loads the page anew once it has: Workbox reloads
 * only for an update it saw this page find, not for one the browser found on its own.
 */
function takeUpdate(update: (reload: boolean) => Promise<void>): Promise<void> {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  return update(true);
}

/**
 * Registers the service worker once the page has loaded, and when a new version of the app is
 * waiting shows a small notice to take it: the version in use keeps working until the person
 * chooses to reload.
 */
export default function AppUpdates() {
  const { t } = useTranslation();
  const [reload, setReload] = useState<(() => Promise<void>) | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      const update = registerSW({
        onNeedRefresh: () => {
          // Workbox also calls this on the page that Reload opened, for the new version that is
          // taking over it (it saw it come from another page): only a version still waiting is
          // offered.
          void navigator.serviceWorker.getRegistration().then((registration) => {
            if (!cancelled && registration?.waiting) setReload(() => () => takeUpdate(update));
          });
        },
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
      <span className="text-sm">{t('appUpdate.ready')}</span>
      <button type="button" className="btn btn-sm btn-primary" onClick={() => void reload()}>
        {t('appUpdate.reload')}
      </button>
    </div>
  );
}
