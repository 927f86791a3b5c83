import type { Client } from 'pg';
import { DB_CONNECT_TIMEOUT_MS } from '../db/client.ts';
import { LIVE_CHANNEL, type LiveMessage, parseLiveMessage } from './live-messages.ts';

/** What a process does with what arrives on the channel. */
export interface LiveBusHandlers {
  message(message: LiveMessage): void;
  /** The listening connection was lost and is back: messages may have been missed meanwhile. */
  resync(): void;
}

/** This process's ear on the channel; publishing goes through the database (live-messages.ts). */
export interface LiveBus {
  close(): Promise<void>;
}

/** Subscribes to a channel of the embedded database; returns the unsubscribe. */
export type EmbeddedListen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/**
 * The embedded database lives in this process, so its NOTIFY arrives in-process: no connection
 * to lose, never a resync.
 */
export async function openEmbeddedBus(listen: EmbeddedListen, handlers: LiveBusHandlers): Promise<LiveBus> {
  const unlisten = await listen(LIVE_CHANNEL, (payload) => {
    const message = parseLiveMessage(payload);
    if (message) handlers.message(message);
  });
  return { close: () => unlisten() };
}

const RECONNECT_MS = 1000;

/**
 * PostgreSQL: one dedicated connection per process runs LISTEN (a pooled connection cannot: it
 * goes back to the pool). When it is lost, it is opened again every second until it answers,
 * then the process's clients are told to resync, since NOTIFYs sent meanwhile are gone.
 */
export async function openPostgresBus(
  databaseUrl: string,
  handlers: LiveBusHandlers,
  onLost: (error: Error) => void,
  applicationName = 'ictacem-server-live',
): Promise<LiveBus> {
  const { default: pg } = await import('pg');
  let closed = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      application_name: applicationName,
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    const lost = (error: Error) => {
      if (client !== next) return;
      client = undefined;
      onLost(error);
      next.end().catch(() => undefined);
      reconnectLater();
    };
    next.on('error', lost);
    next.on('end', () => lost(new Error('the listening connection ended')));
    next.on('notification', (notification) => {
      const message = notification.payload ? parseLiveMessage(notification.payload) : null;
      if (message) handlers.message(message);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) await next.end();
    else client = next;
  };
  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect()
        .then(() => {
          if (client) handlers.resync();
        })
        .catch((error: unknown) => {
          onLost(error as Error);
          reconnectLater();
        });
    }, RECONNECT_MS);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
