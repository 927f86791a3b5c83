import { and, count, eq, gte, lt, max, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client.ts';
import { captchaChallenges, loginFailures, loginSources } from '@server/db/schema/index.ts';

export interface FailureCounts {
  /** Failures for the account from every address since `accountSince`, and the oldest of them. */
  account: number;
  oldestAccountFailure: Date | null;
  /** Failures for the account from this address since `sourceSince`, and the latest of them. */
  fromSource: number;
  latestSourceFailure: Date | null;
}

export async function countFailures(
  db: DbOrTx,
  account: string,
  source: string,
  accountSince: Date,
  sourceSince: Date,
): Promise<FailureCounts> {
  const [row] = await db
    .select({
      account: count(),
      oldestAccountFailure: min(loginFailures.failedAt),
      fromSource:
        sql<number>`count(*) filter (where ${loginFailures.source} = ${source} and ${loginFailures.failedAt} >= ${sourceSince})`.mapWith(
          Number,
        ),
      latestSourceFailure:
        sql<Date | null>`max(${loginFailures.failedAt}) filter (where ${loginFailures.source} = ${source})`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), gte(loginFailures.failedAt, accountSince)));
  return {
    account: row?.account ?? 0,
    oldestAccountFailure: row?.oldestAccountFailure ?? null,
    fromSource: row?.fromSource ?? 0,
    latestSourceFailure: row?.latestSourceFailure ?? null,
  };
}

export async function insertFailure(db: DbOrTx, account: string, source: string): Promise<void> {
  await db.insert(loginFailures).values({ account, source });
}

export async function deleteFailures(db: DbOrTx, account: string, source?: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      source === undefined
        ? eq(loginFailures.account, account)
        : and(eq(loginFailures.account, account), eq(loginFailures.source, source)),
    );
}

export async function deleteFailuresBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, before));
}

export async function signedInFromSince(db: DbOrTx, userId: string, source: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ latest: max(loginSources.lastSuccessAt) })
    .from(loginSources)
    .where(
      and(eq(loginSources.userId, userId), eq(loginSources.source, source), gte(loginSources.lastSuccessAt, since)),
    );
  return Boolean(row?.latest);
}

export async function rememberSource(db: DbOrTx, userId: string, source: string, forgetBefore: Date): Promise<void> {
  const now = new Date();
  await db
    .insert(loginSources)
    .values({ userId, source, lastSuccessAt: now })
    .onConflictDoUpdate({ target: [loginSources.userId, loginSources.source], set: { lastSuccessAt: now } });
  await db
    .delete(loginSources)
    .where(and(eq(loginSources.userId, userId), lt(loginSources.lastSuccessAt, forgetBefore)));
}

export async function insertChallenge(db: DbOrTx, answer: number, expiresAt: Date): Promise<string> {
  const [row] = await db
    .insert(captchaChallenges)
    .values({ answer, expiresAt })
    .returning({ id: captchaChallenges.id });
  return row!.id;
}

/** Takes the challenge out (each is answered once) and returns its answer, if it is still valid. */
export async function takeChallenge(db: DbOrTx, id: string, now: Date): Promise<number | undefined> {
  const [row] = await db.delete(captchaChallenges).where(eq(captchaChallenges.id, id)).returning();
  return row && row.expiresAt > now ? row.answer : undefined;
}

export async function deleteChallengesBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, before));
}
