import { liveEventSchema, type LiveEvent } from '@market/shared';
import { reportError } from './errors.ts';
import { registerLiveConnection } from './live-connection.ts';

/*
 * The browser's end of GET /api/events (Server-Sent Events): one stream per tab while someone is
 * signed in. Each event is named by its type and carries an id; after a dropped connection the
 * browser reconnects by itself and sends the last id (Last-Event-ID), so that the server sends
 * what was missed. An answer that is not a stream (the server restarting, a session that ended)
 * closes it for good: then this module opens a new one after a growing pause, passing the last id
 * in the address, and calls `onResync` (as it closes and as it opens again) so that the caller
 * can check what it shows, and find out whether the session has ended.
 */

const EVENT_TYPES: readonly LiveEvent['type'][] = liveEventSchema.options.map(
  (option) => option.shape.type.value,
);

const FIRST_PAUSE_MS = 2_000;
const LONGEST_PAUSE_MS = 60_000;

export interface LiveEventHandlers {
  onEvent: (event: LiveEvent) => void;
  /** The stream closed, or opened again after closing: what is shown may be out of date. */
  onResync: () => void;
}

export interface LiveConnection {
  close(): void;
}

/** Reads one event's data; a malformed one is logged and skipped. */
export function parseLiveEvent(data: string): LiveEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (err) {
    reportError('Reading a live update', err);
    return null;
  }
  const parsed = liveEventSchema.safeParse(json);
  if (!parsed.success) {
    reportError('Reading a live update', parsed.error);
    return null;
  }
  return parsed.data;
}

export function connectLiveEvents(
  { onEvent, onResync }: LiveEventHandlers,
  url = '/api/events',
): LiveConnection {
  let source: EventSource | null = null;
  let lastEventId = '';
  let pause = FIRST_PAUSE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let paused = false;
  let reopening = false;

  const receive = (e: MessageEvent<string>) => {
    if (e.lastEventId) lastEventId = e.lastEventId;
    const event = parseLiveEvent(e.data);
    if (event) onEvent(event);
  };

  const open = () => {
    const address = lastEventId ? `${url}?lastEventId=${encodeURIComponent(lastEventId)}` : url;
    const stream = new EventSource(address);
    source = stream;
    for (const type of EVENT_TYPES) stream.addEventListener(type, receive);
    stream.onopen = () => {
      pause = FIRST_PAUSE_MS;
      if (reopening) {
        reopening = false;
        onResync();
      }
    };
    stream.onerror = () => {
      // CONNECTING: the browser is reconnecting by itself. CLOSED: it gave up.
      if (stream.readyState !== EventSource.CLOSED || closed || paused) return;
      reopening = true;
      timer = setTimeout(open, pause);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
      // The caller may find out why (an ended session) and close the connection meanwhile.
      onResync();
    };
  };

  const stop = () => {
    clearTimeout(timer);
    source?.close();
  };
  const unregister = registerLiveConnection({
    pause() {
      if (closed || paused) return;
      paused = true;
      stop();
    },
    resume() {
      if (closed || !paused) return;
      paused = false;
      open();
    },
  });

  open();
  return {
    close() {
      closed = true;
      unregister();
      stop();
    },
  };
}
