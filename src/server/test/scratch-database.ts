import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server named by DATABASE_URL (the suite's PostgreSQL
 * run), or undefined when the suite runs on the embedded database.
 */
export async function createScratchDatabase(): Promise<ScratchDatabase | undefined> {
  const server = process.env.DATABASE_URL;
  if (!server) return undefined;
  const name = `ictacem_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(server, (client) => client.query(`create database ${name}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient(server, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withAdminClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
