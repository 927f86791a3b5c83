import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { authEvents } from '@server/db/schema/index.ts';
import { containsPattern } from '@server/db/search-pattern.ts';
import { readTogether } from '@server/db/read-together.ts';
import { literalRows } from '@server/db/literal-values.ts';

export type AuthEventRow = typeof authEvents.$inferSelect;

export async function insertAuthEvent(db: DbOrTx, values: typeof authEvents.$inferInsert): Promise<void> {
  await db.insert(authEvents).values(values);
}

export async function pageOfAuthEvents(
  db: DbOrTx,
  filter: { type?: string; search: string },
  page: { limit: number; offset: number },
) {
  const where: SQL | undefined = and(
    filter.type ? eq(authEvents.type, filter.type) : undefined,
    filter.search ? ilike(authEvents.account, containsPattern(filter.search)) : undefined,
  );
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(authEvents)
        .where(where)
        .orderBy(desc(authEvents.at), desc(authEvents.id))
        .limit(literalRows(page.limit))
        .offset(literalRows(page.offset)),
    () => db.select({ n: count() }).from(authEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
