import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { CreatePushSubscription, NotificationKind, PushKey } from '@market/shared';
import { valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  deleteOwnSubscription,
  insertDelivery,
  listSubscriptionIds,
  upsertSubscription,
  wantsPush,
} from './push.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function pushKey(publicKey: string): PushKey {
  return { publicKey };
}

/**
 * Whether the server may send to this address: only to the push services it knows (its
 * origin, or a subdomain of a `*.` entry), so that no one can make it post to any address.
 */
export function isKnownPushService(endpoint: string, services: readonly string[]): boolean {
  const url = new URL(endpoint);
  return services.some((service) => {
    const wildcard = /^(https?:)\/\/\*\.(.+)$/.exec(service);
    if (!wildcard) return url.origin === service;
    return url.protocol === wildcard[1] && url.host.endsWith(`.${wildcard[2]}`);
  });
}

/** What a user agent string names, short: "Chrome on Android"; the person can tell devices apart. */
export function deviceLabelOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    [
      ['Edge', /Edg\//],
      ['Firefox', /Firefox\//],
      ['Samsung Internet', /SamsungBrowser\//],
      ['Chrome', /Chrome\/|Chromium\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(ua))?.[0] ?? 'Browser';
  const system =
    [
      ['Android', /Android/],
      ['iPhone', /iPhone/],
      ['iPad', /iPad/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(ua))?.[0] ?? null;
  return system ? `${String(browser)} on ${String(system)}` : String(browser);
}

/** Keeps the device's subscription for the signed-in session it was made in. */
export async function subscribeDevice(
  db: Db,
  services: readonly string[],
  actor: Actor,
  sessionId: string,
  input: CreatePushSubscription & { userAgent?: string | undefined },
  now = new Date(),
): Promise<void> {
  if (!isKnownPushService(input.endpoint, services)) {
    throw badRequest('accounts.push.unknownService', 'endpoint');
  }
  await upsertSubscription(db, {
    id: crypto.randomUUID(),
    userId: actor.id,
    sessionId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    deviceLabel: input.deviceLabel ?? deviceLabelOf(input.userAgent),
    createdAt: valueWriters(db).date(now),
  });
}

/** Stops pushes to the caller's device of this endpoint; 404 when the caller has none there. */
export async function unsubscribeDevice(db: Db, actor: Actor, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(db, actor.id, endpoint))) {
    throw notFound('accounts.push.notSubscribed');
  }
}

/** A notification as its pushes need it: the kind, the title and the page it leads to. */
export interface QueuedPush {
  userId: string;
  kind: NotificationKind;
  title: string;
  link: string;
  dedupeKey: string;
}

/**
 * Queues the notification's push for each of the user's devices, in the notification's own
 * transaction, unless the user turned its kind off by push. Each row's key is the
 * notification's and the device's, so the same notification again queues nothing.
 */
export async function queuePushes(trx: Db, push: QueuedPush, now: Date): Promise<void> {
  const devices = await listSubscriptionIds(trx, push.userId);
  if (devices.length === 0) return;
  if (!(await wantsPush(trx, push.userId, push.kind))) return;
  const w = valueWriters(trx);
  for (const device of devices) {
    await insertDelivery(trx, {
      id: crypto.randomUUID(),
      dedupeKey: `${push.dedupeKey}:push:${device.id}`,
      subscriptionId: device.id,
      userId: push.userId,
      kind: push.kind,
      title: push.title,
      link: push.link,
      notBefore: w.date(now),
      createdAt: w.date(now),
    });
  }
}
