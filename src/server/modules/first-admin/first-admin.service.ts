import { randomBytes } from 'node:crypto';
import type { AppContext } from '@server/context.ts';
import { lockForStartup } from '@server/db/advisory-locks.ts';
import { hashPassword, verifyPassword } from '@server/lib/passwords.ts';
import { recordAuthEvent } from '../auth-events/auth-events.service.ts';
import { assertAcceptablePassword } from '../password-policy/password-policy.service.ts';
import { endAllSessions } from '../sessions/sessions.service.ts';
import { giveTotpSecret } from '../two-factor/two-factor.service.ts';
import { findAnyAdmin, findUserByEmail, updateUser } from '../users/users.repository.ts';
import { createUser } from '../users/users.service.ts';

/**
 * The admin a first start creates without ADMIN_EMAIL: `.localhost` is reserved (RFC 6761), so the
 * address is never someone's mailbox, and unlike a bare `admin@localhost` every e-mail field accepts it.
 */
export const GENERATED_ADMIN_EMAIL = 'admin@ictacem.localhost';
/** What earlier versions generated; no sign-in form accepts it, so a start renames it. */
const UNUSABLE_GENERATED_ADMIN_EMAIL = 'admin@localhost';

export interface EnsuredAdmin {
  email: string;
  /** Set when this start created the admin; printed once. */
  generatedPassword?: string;
  /** Set when this start renamed an earlier generated admin that could not sign in. */
  renamedFrom?: string;
}

type StartContext = Pick<AppContext, 'db' | 'config' | 'sessions'>;

/**
 * Makes sure the site can be administered: the configured admin is created or updated
 * (role and password); without one, a first start creates an admin with a random password.
 * Returns the generated password so the caller can print it once. Processes starting together
 * on one database take turns (lockForStartup), so only one creates the admin.
 */
export async function ensureAdmin(ctx: StartContext): Promise<EnsuredAdmin | undefined> {
  const { ensured, signOut } = await ctx.db.transaction(async (tx) => {
    await lockForStartup(tx);
    return ensureAdminIn({ ...ctx, db: tx });
  });
  // After the commit, as the sessions' cache must not be refilled from the old rows.
  if (signOut) await endAllSessions(ctx, signOut);
  return ensured;
}

async function ensureAdminIn(ctx: StartContext): Promise<{ ensured: EnsuredAdmin | undefined; signOut?: string }> {
  const { adminEmail, adminPassword, adminTotpSecret } = ctx.config;
  if (adminEmail && adminPassword) {
    let admin = await findUserByEmail(ctx.db, adminEmail);
    let signOut: string | undefined;
    if (admin) {
      await assertAcceptablePassword(adminPassword, { role: 'admin', email: adminEmail });
      // A restart with the same password changes nothing: the organisers stay signed in. A new
      // password is a credential change, and ends every session of the old one.
      if (!(await verifyPassword(admin.passwordHash, adminPassword))) {
        await updateUser(ctx.db, admin.id, { passwordHash: await hashPassword(adminPassword) });
        signOut = admin.id;
      }
      if (admin.role !== 'admin') {
        await updateUser(ctx.db, admin.id, { role: 'admin' });
        signOut = admin.id;
        await recordAuthEvent(ctx.db, 'role_changed', {
          account: admin.email,
          userId: admin.id,
          address: 'server start',
        });
      }
    } else {
      admin = await createUser(ctx, {
        username: 'Administrator',
        email: adminEmail,
        password: adminPassword,
        role: 'admin',
      });
    }
    if (adminTotpSecret) await giveTotpSecret(ctx.db, admin, adminTotpSecret);
    return { ensured: { email: adminEmail }, signOut };
  }
  const unusable = await findUserByEmail(ctx.db, UNUSABLE_GENERATED_ADMIN_EMAIL);
  if (unusable?.role === 'admin' && !(await findUserByEmail(ctx.db, GENERATED_ADMIN_EMAIL))) {
    await updateUser(ctx.db, unusable.id, { email: GENERATED_ADMIN_EMAIL });
    return { ensured: { email: GENERATED_ADMIN_EMAIL, renamedFrom: UNUSABLE_GENERATED_ADMIN_EMAIL } };
  }
  if (await findAnyAdmin(ctx.db)) return { ensured: undefined };
  const generatedPassword = randomBytes(12).toString('base64url');
  await createUser(ctx, {
    username: 'Administrator',
    email: GENERATED_ADMIN_EMAIL,
    password: generatedPassword,
    role: 'admin',
  });
  return { ensured: { email: GENERATED_ADMIN_EMAIL, generatedPassword } };
}
