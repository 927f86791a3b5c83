import http from 'node:http';

export interface ReceivedEvent {
  id?: string;
  event: string;
  data: unknown;
  /** performance.now() when it arrived. */
  receivedAt: number;
}

export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ReceivedEvent[];
  /** Comment lines received (the heartbeat among them). */
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Waits for the first event (already received or to come) that matches. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Waits for a comment line with this text (`heartbeat`, `connected`). */
  comment(text: string, timeoutMs?: number): Promise<void>;
  /** The answer's body when it was not a stream (a refusal). */
  body(): string;
  close(): void;
}

/**
 * Opens GET <path> as EventSource does, on its own connection, and parses the stream as it
 * comes: enough of the Server-Sent Events format for the server's events and comments.
 */
export function openEventStream(
  baseUrl: string,
  path: string,
  options: { token?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<EventStreamClient> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (options.token) headers.cookie = `ictacem_session=${options.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { headers, agent: false }, (response) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let raw = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: ReceivedEvent = { event: 'message', data: undefined, receivedAt: performance.now() };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data = JSON.parse(line.slice(6));
              hasData = true;
            }
          }
          if (hasData) events.push(event);
        }
        for (const wake of waiters) wake();
      });
      const ended = new Promise<void>((done) => {
        response.once('end', done);
        response.once('close', done);
      });
      void ended.then(() => {
        for (const wake of waiters) wake();
      });
      let isEnded = false;
      void ended.then(() => (isEnded = true));
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments,
        ended,
        body: () => raw,
        comment(text, timeoutMs = 10_000) {
          return new Promise((found, fail) => {
            const check = () => {
              if (!comments.includes(text)) return;
              waiters.delete(check);
              clearTimeout(timer);
              found();
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no comment "${text}" within ${timeoutMs} ms`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        next(match, timeoutMs = 10_000) {
          return new Promise((found, fail) => {
            const check = () => {
              const event = events.find(match);
              if (event) {
                waiters.delete(check);
                clearTimeout(timer);
                found(event);
              } else if (isEnded) {
                waiters.delete(check);
                clearTimeout(timer);
                fail(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
    request.end();
  });
}
