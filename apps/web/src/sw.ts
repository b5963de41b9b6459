/// <reference lib="webworker" />
// The installable app's service worker (built by vite-plugin-pwa with Workbox, injectManifest).
// What it keeps and why: docs/decisions/0041-installable-app-and-push.md.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import type { PushPayload } from '@market/shared';

declare const self: ServiceWorkerGlobalScope;

const OFFLINE_PAGE = '/offline.html';
const APP_SHELL = '/index.html';
/** How long a navigation waits for the network before the saved copy is shown. */
const NETWORK_TIMEOUT_SECONDS = 3;

// The app's own files (scripts, styles, icons, the page shell and the offline page).
// An address ending in "/" (the home page) is a page like any other, drawn by the server with its
// data: the kept shell is not put in its place (Workbox would by default).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
// The first version takes the open tabs at once; later ones wait for the person's "Reload".
clientsClaim();

// The build's other files, named by their content's hash, kept as pages use them.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'assets',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

/**
 * Keeps only public pages: a page drawn for a signed-in visitor comes `private` (or
 * `no-store`) and is never saved, so nobody's page is shown later, stale, as if fresh.
 */
const publicPagesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.type === 'opaqueredirect') return null;
    const cacheControl = response.headers.get('cache-control') ?? '';
    return /\b(?:private|no-store)\b/i.test(cacheControl) ? null : response;
  },
};

// Pages: the network first, the last saved copy when it is slow or gone. The API (/api/*) has
// no route here, so the browser always asks the server for it and nothing of it is saved.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'pages',
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        publicPagesOnly,
        new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * 24 * 60 * 60 }),
      ],
    }),
    { denylist: [/^\/api\//, /^\/demo\//] },
  ),
);

// A page neither the network nor the cache has: the account pages get the app shell, which
// draws them and says which of their data could not be loaded; any other page, the honest
// offline page.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  const account = new URL(request.url).pathname.startsWith('/dashboard');
  return (await matchPrecache(account ? APP_SHELL : OFFLINE_PAGE)) ?? Response.error();
});

// The app asks the new version to take over when the person chooses "Reload".
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// A push carries the notification's title and its page, nothing more (the push service keeps it).
self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

/** The push's title and page; anything else (or nothing) shows a plain notice of the app. */
function readPayload(data: PushMessageData | null): PushPayload {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    if (typeof value?.title === 'string' && typeof value.url === 'string') {
      return { title: value.title, url: value.url };
    }
  } catch {
    // Not JSON: the plain notice below.
  }
  return { title: 'Phone Market', url: '/dashboard/notifications' };
}

// The click opens the notification's page: in an open window of the app if there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  // Only a path of this app: a push cannot send the person elsewhere.
  const target = new URL(
    path.startsWith('/') && !path.startsWith('//') ? path : '/',
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === target.origin) {
          await client.focus();
          await client.navigate(target.href);
          return;
        }
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
