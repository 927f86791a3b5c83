import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/**
 * PGlite parses, analyses and plans every query anew: its `query()` uses PostgreSQL's unnamed
 * statement. On the paper list that was a third of the database's time for a page (planning
 * also asks the file system for the size of every table and index the query names). As the
 * JDBC and Npgsql drivers do on their own, a query text run a second time becomes a named
 * prepared statement, and later runs only bind and execute it. PostgreSQL plans a prepared
 * statement with its values for its first five runs, then keeps one generic plan for all values
 * when that is estimated no dearer (`plan_cache_mode` auto): values that choose the plan are
 * written into the text instead (literal-values.ts).
 *
 * Only the instance's `query()` is prepared: the queries of PGlite's `transaction()` go through
 * its own inner function and stay as they were, as does everything else. PostgreSQL replans a
 * kept statement when a table it reads changes; one whose result columns changed is dropped and
 * run unprepared.
 */
export async function withPreparedStatements(client: PGlite, options: PreparedStatementOptions = {}): Promise<PGlite> {
  // Twice over, both would name their statements alike.
  if (PREPARED_STATEMENTS in client) throw new Error('This PGlite prepares its statements already.');
  const { parse, protocol } = await import('@electric-sql/pglite');
  const { serialize } = protocol;
  const kept = options.kept ?? KEPT_STATEMENTS;
  /** Prepared statements by query text, least recently used first. */
  const statements = new Map<string, PreparedStatement>();
  const seenOnce = new Set<string>();
  let named = 0;
  const unprepared = client.query.bind(client);

  // The stream form parses the answer where PGlite's WebAssembly wrote it, as its query() does;
  // execProtocol() would copy it out first.
  const send = (messages: Uint8Array[], syncToFs = false) =>
    client.execProtocolStream(Buffer.concat(messages), { syncToFs });

  async function prepare(text: string): Promise<PreparedStatement> {
    named += 1;
    const name = `${STATEMENT_PREFIX}${named}`;
    const described = await send([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    const [oldest] = statements;
    if (statements.size > kept && oldest) await forget(oldest[0]);
    return statement;
  }

  async function forget(text: string) {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    await send([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]);
  }

  /**
   * As PGlite's own query() does, waits for a transaction in progress to end, then holds the
   * database: a query from outside a transaction never runs inside another request's.
   */
  const exclusively = async <T>(run: () => Promise<T>) => {
    await client._checkReady();
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(run));
  };

  function runPrepared<T>(text: string, params: unknown[], queryOptions?: QueryOptions): Promise<Results<T>> {
    return exclusively(async () => {
      try {
        return await bindAndExecute<T>(text, params, queryOptions);
      } catch (error) {
        // As PGlite's query() does, the error tells what was run.
        Object.assign(error as object, { query: text, params, queryOptions });
        throw error;
      }
    });
  }

  async function bindAndExecute<T>(text: string, params: unknown[], queryOptions?: QueryOptions): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last.
      statements.delete(text);
      statements.set(text, statement);
    } else statement = await prepare(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = queryOptions?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await send(
      [
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ],
      // Written through to the file system, as PGlite's query() does outside its transaction().
      true,
    );
    return parse.parseResults(messages, client.parsers, queryOptions)[0] as Results<T>;
  }

  async function query<T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results<T>> {
    const preparable = !queryOptions?.paramTypes && !queryOptions?.blob;
    if (!preparable) return unprepared<T>(text, params, queryOptions);
    if (!statements.has(text) && !seenOnce.delete(text)) {
      if (seenOnce.size >= SEEN_ONCE_LIMIT) seenOnce.clear();
      seenOnce.add(text);
      return unprepared<T>(text, params, queryOptions);
    }
    try {
      return await runPrepared<T>(text, params, queryOptions);
    } catch (error) {
      if (!isStale(error)) throw error;
      await exclusively(() => forget(text));
      return unprepared<T>(text, params, queryOptions);
    }
  }

  // The instance's own query() is replaced: Drizzle calls it, and PGlite's other methods stay its own.
  Object.assign(client, { query, [PREPARED_STATEMENTS]: statements });
  return client;
}

export interface PreparedStatementOptions {
  /** How many prepared statements are kept; the least recently used is closed past it. */
  kept?: number;
}

interface PreparedStatement {
  name: string;
  /** The parameters' types as PostgreSQL inferred them, which choose each value's serializer. */
  paramTypes: number[];
}

/** The app's hot queries, with room for the paper list's combinations of filters. */
const KEPT_STATEMENTS = 200;
/** Texts run once, remembered until this many: one-off texts are never prepared. */
const SEEN_ONCE_LIMIT = 1000;
const STATEMENT_PREFIX = 'ictacem_';
/**
 * A kept statement PostgreSQL can no longer run: the columns of a table it reads changed under
 * it (0A000, "cached plan must not change result type"), or it was dropped (26000, by a
 * DEALLOCATE ALL or DISCARD ALL).
 */
function isStale(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === '26000' ||
    (code === '0A000' && typeof message === 'string' && message.includes('must not change result type'))
  );
}

/** The kept statements of a client made by withPreparedStatements, by query text (for tests). */
export const PREPARED_STATEMENTS = Symbol('prepared statements');
