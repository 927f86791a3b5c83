import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * Independent reads: at once on the database (the pool spreads them over connections), one after
 * another inside a transaction, whose one connection cannot run two queries at once (node-postgres
 * queues them today and refuses from pg 9: "client.query() when the client is already executing").
 */
export async function readTogether<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
