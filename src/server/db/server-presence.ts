import type { Client } from 'pg';
import { ADVISORY_LOCK_KEYS } from './advisory-locks.ts';
import { DB_CONNECT_TIMEOUT_MS } from './client.ts';

export const SERVER_APPLICATION_NAME = 'ictacem-server';
const RECONNECT_MS = 2000;
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
  close(): Promise<void>;
}

/**
 * Every server on PostgreSQL holds a shared advisory lock on a connection of its own from start
 * to stop, and takes it again when that connection is lost. A restore takes the same lock
 * exclusively: it is refused while any server runs, and a server starting during a restore
 * waits for it to finish. (The pool's connections come and go with the load and cannot show
 * that a server is there.)
 */
export async function announceServer(databaseUrl: string, onLost: (error: Error) => void): Promise<ServerPresence> {
  let closed = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const hold = async () => {
    const next = await connect(databaseUrl, SERVER_APPLICATION_NAME);
    next.on('error', (error) => {
      onLost(error);
      if (client === next) client = undefined;
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(reconnect, RECONNECT_MS);
    });
    await next.query('select pg_advisory_lock_shared($1)', [KEY]);
    if (closed) await next.end();
    else client = next;
  };
  const reconnect = () => {
    retry = undefined;
    hold().catch((error: unknown) => {
      onLost(error as Error);
      if (!closed) retry = setTimeout(reconnect, RECONNECT_MS);
    });
  };
  await hold();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

export class ServersRunningError extends Error {
  constructor(readonly servers: number) {
    super(
      `${servers} server process(es) are running on this database: stop every one of them first (the restore replaces the data under them).`,
    );
    this.name = 'ServersRunningError';
  }
}

/**
 * Makes sure no server runs on this database, and keeps any from starting until release (they
 * wait). Throws ServersRunningError, counting them, when some do.
 */
export async function excludeServers(databaseUrl: string): Promise<{ release(): Promise<void> }> {
  const client = await connect(databaseUrl, 'ictacem-restore');
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [KEY]);
    if (!rows[0]?.locked) {
      const holders = await client.query<{ servers: string }>(
        `select count(*) as servers from pg_locks
          where locktype = 'advisory' and granted and mode = 'ShareLock'
            and database = (select oid from pg_database where datname = current_database())
            and ((classid::bigint << 32) | objid::bigint) = $1`,
        [KEY],
      );
      throw new ServersRunningError(Number(holders.rows[0]?.servers ?? 0));
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return { release: () => client.end() };
}
