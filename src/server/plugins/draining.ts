import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVICE_UNAVAILABLE } from './errors.ts';

/** Seconds a client refused during a shutdown is asked to wait: a restart takes about that long. */
const RETRY_AFTER_SECONDS = 5;

export interface RequestInFlight {
  method: string;
  url: string;
  /** How long it has been running. */
  ms: number;
}

/** The server's shutdown state: set once close() begins, never cleared. */
export interface Draining {
  readonly active: boolean;
  /** The requests not yet answered, for the log of a shutdown that has to give up on them. */
  inFlight(): RequestInFlight[];
}

declare module 'fastify' {
  interface FastifyInstance {
    draining: Draining;
  }
}

/**
 * Graceful shutdown at the HTTP level. From the moment `app.close()` begins, every new request
 * (one arriving on a kept-alive connection: new connections are no longer accepted) is answered
 * 503 with `Connection: close` before anything else runs, and every answer, including those of
 * the requests already running, closes its connection, so no idle connection holds the close.
 * Requests already running (an upload still arriving) go on to their normal answer.
 *
 * Register it right after the security headers and before any hook that does work (the session
 * lookup), so a refused request costs nothing.
 */
export function registerDraining(app: FastifyInstance, redactUrl: (url: string) => string): void {
  let active = false;
  const running = new Map<FastifyRequest, number>();

  app.decorate('draining', {
    get active() {
      return active;
    },
    inFlight: () =>
      [...running].map(([request, startedAt]) => ({
        method: request.method,
        url: redactUrl(request.url),
        ms: Math.round(performance.now() - startedAt),
      })),
  } satisfies Draining);

  app.addHook('preClose', (done) => {
    active = true;
    done();
  });

  // Callbacks, not async hooks: they run on every request, and a promise each time shows in the throughput.
  app.addHook('onRequest', (request, reply, done) => {
    if (active) {
      void reply
        .status(503)
        .header('Connection', 'close')
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ success: false, message: SERVICE_UNAVAILABLE });
      return;
    }
    running.set(request, performance.now());
    // 'close' comes for every response: answered, failed or abandoned by the client.
    reply.raw.once('close', () => running.delete(request));
    done();
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    if (active) reply.header('Connection', 'close');
    done(null, payload);
  });
}
