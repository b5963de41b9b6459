import { ApiError } from '../../../lib/api-client.ts';
import {
  createPushSubscription,
  deletePushSubscription,
  getPushKey,
} from './push-subscriptions.ts';

/** Whether this browser can get push notifications at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker's registration, if the app has one on this device. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** This device's push subscription, while notifications are allowed. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

export class PushRefused extends Error {}

/**
 * Asks the browser for permission and a push subscription for the server's key, and gives it to
 * the server. A refused permission throws PushRefused; anything else that fails throws as it is.
 */
export async function turnPushOn(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new PushRefused('Notifications are blocked for this site in your browser settings');
  }
  const worker = await registration();
  if (!worker) throw new Error('The app is not installed on this device yet');
  const { publicKey } = await getPushKey();
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  const json = subscription.toJSON();
  await createPushSubscription({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
}

/** Ends this device's subscription, in the browser and on the server. */
export async function turnPushOff(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await subscription.unsubscribe();
  try {
    await deletePushSubscription(subscription.endpoint);
  } catch (err) {
    // The server had already removed it (the push service said it was gone).
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
}
