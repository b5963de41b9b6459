/** What the other modules use of live events: recording them (see live-events.ts). */
export { recordLiveEvent, type LiveEvents, type RecordLiveEvent } from './live-events.ts';
