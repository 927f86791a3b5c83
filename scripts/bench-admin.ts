import { eq } from 'drizzle-orm';
import type { AppContext } from '@server/context.ts';
import { users } from '@server/db/schema/index.ts';
import { createSession } from '@server/modules/sessions/sessions.service.ts';

/**
 * An admin for a benchmark's requests, signed in: its id, session cookie, and `remove()` (the
 * account and, by cascade, its session). Each has its own e-mail and user ID, so benchmarks can
 * run one after another on one database that is kept.
 */
export async function benchAdmin(
  ctx: Pick<AppContext, 'db'>,
): Promise<{ id: string; cookie: string; remove: () => Promise<void> }> {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`.toUpperCase();
  const [admin] = await ctx.db
    .insert(users)
    .values({
      username: 'Bench Admin',
      email: `bench-admin-${runId.toLowerCase()}@demo.example`,
      passwordHash: 'x',
      customUserId: `ICTACEMPB${runId}`,
      role: 'admin',
      twoFactorEnabledAt: new Date(),
    })
    .returning();
  return {
    id: admin!.id,
    cookie: `ictacem_session=${(await createSession(ctx, admin!.id)).token}`,
    remove: async () => {
      await ctx.db.delete(users).where(eq(users.id, admin!.id));
    },
  };
}
