import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/client.ts';
import { committeeMembers, recoveryCodes, totpCredentials, users } from '../db/schema/index.ts';
import { newCustomUserId } from '../modules/users/users.service.ts';

export interface EditionCopy {
  /** Accounts made in the new edition's database. */
  accounts: number;
  /** Accounts left out: their address already has an account there (the new edition's first admin). */
  accountsAlreadyThere: string[];
  /** Programme committee members carried over, accepted, with their accounts. */
  committeeMembers: number;
}

/**
 * Carries the people of one edition into the next (docs/operations.md, "Start the next edition"):
 * every account, with its name, address, role and password, under a user ID of the new edition;
 * and the programme committee's accepted members, linked to their copied accounts. Nothing else:
 * no paper, review, payment, session or file. Two-factor sign-in goes with its account (the
 * authenticator's secret and the unused recovery codes): an account that had it must not sign in
 * to the next edition with its password alone, nor let whoever knows that password enrol first.
 * An enrolment never finished is not carried. Consent to be named on the Committee page was
 * given for the old edition: it is not carried either. Themes the new edition does not have are
 * dropped from a member's list.
 *
 * One transaction on the new database: a failure leaves it as it was.
 */
export async function copyEdition(from: Db, to: Db, next: { themes: readonly string[] }): Promise<EditionCopy> {
  const people = await from.select().from(users).orderBy(users.createdAt, users.id);
  const members = await from.select().from(committeeMembers).where(eq(committeeMembers.status, 'accepted'));
  const enrolledIds = people.filter((person) => person.twoFactorEnabledAt).map((person) => person.id);
  const authenticators = enrolledIds.length
    ? await from.select().from(totpCredentials).where(inArray(totpCredentials.userId, enrolledIds))
    : [];
  const unusedCodes = enrolledIds.length
    ? await from
        .select()
        .from(recoveryCodes)
        .where(and(inArray(recoveryCodes.userId, enrolledIds), isNull(recoveryCodes.usedAt)))
    : [];
  const themes = new Set<string>(next.themes);
  return to.transaction(async (tx) => {
    const existing = new Set((await tx.select({ email: users.email }).from(users)).map((row) => row.email));
    const copied = new Map<string, string>();
    const accountsAlreadyThere: string[] = [];
    for (const person of people) {
      if (existing.has(person.email)) {
        accountsAlreadyThere.push(person.email);
        continue;
      }
      const row = await insertWithNewUserId(tx, {
        username: person.username,
        email: person.email,
        passwordHash: person.passwordHash,
        role: person.role,
        createdAt: person.createdAt,
        twoFactorEnabledAt: person.twoFactorEnabledAt,
      });
      copied.set(person.id, row!.id);
    }
    for (const authenticator of authenticators) {
      const userId = copied.get(authenticator.userId);
      if (userId) await tx.insert(totpCredentials).values({ ...authenticator, userId });
    }
    for (const code of unusedCodes) {
      const userId = copied.get(code.userId);
      if (userId) await tx.insert(recoveryCodes).values({ ...code, userId });
    }
    let memberCount = 0;
    for (const member of members) {
      const userId = member.userId ? copied.get(member.userId) : undefined;
      // A member whose account was not copied (already there) is invited again by the organisers.
      if (!userId) continue;
      await tx.insert(committeeMembers).values({
        userId,
        name: member.name,
        email: member.email,
        affiliation: member.affiliation,
        themes: member.themes.filter((theme) => themes.has(theme)),
        maxPapers: member.maxPapers,
        status: 'accepted',
        invitedAt: member.invitedAt,
        respondedAt: member.respondedAt,
      });
      memberCount += 1;
    }
    return { accounts: copied.size, accountsAlreadyThere, committeeMembers: memberCount };
  });
}

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A user ID of the new edition, drawn again should it be taken (as createUser does). */
async function insertWithNewUserId(
  tx: Transaction,
  values: Omit<typeof users.$inferInsert, 'customUserId'>,
): Promise<{ id: string }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      // A savepoint, so that a taken ID fails this insert alone, not the whole copy.
      return await tx.transaction(async (savepoint) => {
        const [row] = await savepoint
          .insert(users)
          .values({ ...values, customUserId: newCustomUserId() })
          .returning({ id: users.id });
        return row!;
      });
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}
