/**
 * What the other modules use of live events: the hub's transaction, whose `record` is the one
 * way an event is recorded and its streams woken (see live-events.ts).
 */
export type { LiveEvents, RecordLiveEvent } from './live-events.ts';
