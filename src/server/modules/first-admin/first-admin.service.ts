import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../lib/passwords.ts';
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

/**
 * Makes sure the site can be administered: the configured admin is created or updated
 * (role and password); without one, a first start creates an admin with a random password.
 * Returns the generated password so the caller can print it once.
 */
export async function ensureAdmin(
  ctx: Pick<AppContext, 'db' | 'config' | 'sessions'>,
): Promise<EnsuredAdmin | undefined> {
  const { adminEmail, adminPassword, adminTotpSecret } = ctx.config;
  if (adminEmail && adminPassword) {
    let admin = await findUserByEmail(ctx.db, adminEmail);
    if (admin) {
      await assertAcceptablePassword(adminPassword, { role: 'admin', email: adminEmail });
      await updateUser(ctx.db, admin.id, { role: 'admin', passwordHash: await hashPassword(adminPassword) });
      await endAllSessions(ctx, admin.id);
      if (admin.role !== 'admin')
        await recordAuthEvent(ctx.db, 'role_changed', {
          account: admin.email,
          userId: admin.id,
          address: 'server start',
        });
    } else {
      admin = await createUser(ctx, {
        username: 'Administrator',
        email: adminEmail,
        password: adminPassword,
        role: 'admin',
      });
    }
    if (adminTotpSecret) await giveTotpSecret(ctx.db, admin, adminTotpSecret);
    return { email: adminEmail };
  }
  const unusable = await findUserByEmail(ctx.db, UNUSABLE_GENERATED_ADMIN_EMAIL);
  if (unusable?.role === 'admin' && !(await findUserByEmail(ctx.db, GENERATED_ADMIN_EMAIL))) {
    await updateUser(ctx.db, unusable.id, { email: GENERATED_ADMIN_EMAIL });
    return { email: GENERATED_ADMIN_EMAIL, renamedFrom: UNUSABLE_GENERATED_ADMIN_EMAIL };
  }
  if (await findAnyAdmin(ctx.db)) return undefined;
  const generatedPassword = randomBytes(12).toString('base64url');
  await createUser(ctx, {
    username: 'Administrator',
    email: GENERATED_ADMIN_EMAIL,
    password: generatedPassword,
    role: 'admin',
  });
  return { email: GENERATED_ADMIN_EMAIL, generatedPassword };
}
