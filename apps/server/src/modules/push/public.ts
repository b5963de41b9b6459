/**
 * What the other modules use of push: queuing a notification's pushes in its transaction, and
 * the worker that sends them.
 */
export { queuePushes, type QueuedPush } from './push.service.ts';
export { PushWorker, PUSH_POLL_MS } from './push-worker.ts';
