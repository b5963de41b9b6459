import {
  deletedCountSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  type CreatePushSubscription,
} from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/push/key: the server's public key, which the browser's push subscription names. */
export function getPushKey() {
  return apiRequest('/push/key', pushKeySchema);
}

/** POST /api/push/subscriptions: this device gets the signed-in person's notifications by push. */
export function createPushSubscription(body: CreatePushSubscription) {
  return apiRequest('/push/subscriptions', pushSubscriptionSchema, { method: 'POST', body });
}

/** DELETE /api/push/subscriptions: this device stops getting them. */
export function deletePushSubscription(endpoint: string) {
  return apiRequest('/push/subscriptions', deletedCountSchema, {
    method: 'DELETE',
    body: { endpoint },
  });
}
