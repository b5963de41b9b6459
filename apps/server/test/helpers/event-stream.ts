import http from 'node:http';

/** One event of a text/event-stream, as a browser's EventSource parses it. */
export interface StreamEvent {
  id: string;
  event: string;
  data: string;
}

/**
 * A real HTTP client of GET /api/events: reads the stream as it comes and keeps every event,
 * comment and `retry:` hint it parsed, in order.
 */
export class EventStreamClient {
  readonly events: StreamEvent[] = [];
  readonly comments: string[] = [];
  retry: number | null = null;
  private buffer = '';
  private waiters: Array<() => void> = [];
  private ended = false;
  private body = '';

  private constructor(
    private readonly request: http.ClientRequest,
    private readonly response: http.IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => this.received(chunk));
    response.on('close', () => {
      this.ended = true;
      this.notify();
    });
  }

  /**
   * Opens the stream on a connection of its own (closing it closes the connection, as a
   * browser's tab does); answers the client once the headers came, whatever the status.
   */
  static open(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        url,
        { headers: { accept: 'text/event-stream', ...headers }, agent: false },
        (response) => resolve(new EventStreamClient(request, response)),
      );
      request.on('error', reject);
    });
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  /** The answer's headers, by lower-case name. */
  header(name: string): string | null {
    const value = this.response.headers[name.toLowerCase()];
    return value === undefined ? null : String(value);
  }

  /** A refusal's JSON body, once it has come whole. */
  async json<T>(): Promise<T> {
    if (!this.ended) await new Promise((resolve) => this.response.once('close', resolve));
    return JSON.parse(this.body) as T;
  }

  private received(chunk: string): void {
    if (this.status !== 200) {
      this.body += chunk;
      return;
    }
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      this.parse(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end + 2);
    }
    this.notify();
  }

  private parse(block: string): void {
    const event: StreamEvent = { id: '', event: 'message', data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'retry') this.retry = Number(value);
      else if (field === 'data') {
        event.data = hasData ? `${event.data}\n${value}` : value;
        hasData = true;
      }
    }
    if (hasData) this.events.push(event);
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Waits until `check` holds for the events so far; fails after `timeoutMs`. */
  async until(check: (events: StreamEvent[]) => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this.events)) {
      if (this.ended) throw new Error('The event stream ended');
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`Not received within ${timeoutMs} ms: ${JSON.stringify(this.events)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The events of one type, with their data parsed. */
  ofType<T = unknown>(type: string): Array<{ id: string; data: T }> {
    return this.events
      .filter((e) => e.event === type)
      .map((e) => ({ id: e.id, data: JSON.parse(e.data) as T }));
  }

  /** Whether the server has ended the stream. */
  get isEnded(): boolean {
    return this.ended;
  }

  close(): void {
    this.request.destroy();
  }
}
