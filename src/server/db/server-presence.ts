import type { Client } from 'pg';
import { ADVISORY_LOCK_KEYS } from './advisory-locks.ts';
import { DB_CONNECT_TIMEOUT_MS } from './client.ts';

export const SERVER_APPLICATION_NAME = 'ictacem-server';
const RECONNECT_MS = 1000;
const KEY = ADVISORY_LOCK_KEYS.servers;

async function connect(databaseUrl: string, applicationName: string): Promise<Client> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: applicationName,
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  await client.connect();
  return client;
}

export interface ServerPresence {
  /** False while the lock is lost and being taken again: the server must not serve then. */
  readonly held: boolean;
  close(): Promise<void>;
}

/**
 * Every server on PostgreSQL holds a shared advisory lock on a connection of its own from start
 * to stop, and takes it again when that connection is lost (serving nothing until it has). A
 * restore takes the same lock exclusively: it is refused while any server runs, and a server
 * starting during a restore waits for it to finish. (The pool's connections come and go with
 * the load and cannot show that a server is there.)
 */
export async function announceServer(databaseUrl: string, onLost: (error: Error) => void): Promise<ServerPresence> {
  let closed = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let taking: Promise<void> | undefined;

  const take = async () => {
    const next = await connect(databaseUrl, SERVER_APPLICATION_NAME);
    const lost = (error: Error) => {
      if (client === next) {
        client = undefined;
        onLost(error);
      }
      next.end().catch(() => undefined);
      takeAgainLater();
    };
    next.on('error', lost);
    try {
      await next.query('select pg_advisory_lock_shared($1)', [KEY]);
    } catch (error) {
      next.off('error', lost);
      // A connection that failed may still report its end: nothing listens for it any more.
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) await next.end();
    else client = next;
  };
  /** One attempt at a time, however many ways the loss is reported. */
  const takeAgainLater = () => {
    if (closed || retry || taking) return;
    retry = setTimeout(() => {
      retry = undefined;
      taking = take()
        .catch((error: unknown) => onLost(error as Error))
        .finally(() => {
          taking = undefined;
          if (!client) takeAgainLater();
        });
    }, RECONNECT_MS);
  };

  await take();
  return {
    get held() {
      return client !== undefined;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await taking;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}

export class ServersRunningError extends Error {
  constructor(readonly servers: number) {
    super(
      servers > 0
        ? `${servers} server process(es) are running on this database: stop every one of them first (the restore replaces the data under them).`
        : 'Another restore or maintenance command is working on this database: wait until it has finished.',
    );
    this.name = 'ServersRunningError';
  }
}

/**
 * Makes sure no server runs on this database, and keeps any from starting until release (they
 * wait). Throws ServersRunningError, counting them, when some do: those holding the lock, and
 * any whose pool is still connected while it takes the lock again.
 */
export async function excludeServers(databaseUrl: string): Promise<{ release(): Promise<void> }> {
  const client = await connect(databaseUrl, 'ictacem-maintenance');
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [KEY]);
    const locked = rows[0]?.locked === true;
    const running = await client.query<{ holders: string; connected: string }>(
      `select (select count(*) from pg_locks
                where locktype = 'advisory' and granted and mode = 'ShareLock' and objsubid = 1
                  and database = (select oid from pg_database where datname = current_database())
                  and ((classid::bigint << 32) | objid::bigint) = $1) as holders,
              (select count(*) from pg_stat_activity
                where datname = current_database() and application_name = $2) as connected`,
      [KEY, SERVER_APPLICATION_NAME],
    );
    const holders = Number(running.rows[0]?.holders ?? 0);
    const connected = Number(running.rows[0]?.connected ?? 0);
    if (!locked || connected > 0) throw new ServersRunningError(Math.max(holders, connected > 0 ? 1 : 0));
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return { release: () => client.end() };
}
