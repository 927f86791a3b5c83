import type { AppContext } from '@server/context.ts';
import { users } from '@server/db/schema/index.ts';
import { createSession } from '@server/modules/sessions/sessions.service.ts';

/** An admin for a benchmark's requests, signed in: its session cookie and id. */
export async function benchAdmin(ctx: AppContext): Promise<{ id: string; cookie: string }> {
  const [admin] = await ctx.db
    .insert(users)
    .values({
      username: 'Bench Admin',
      email: 'bench-admin@demo.example',
      passwordHash: 'x',
      customUserId: 'ICTACEMPBENCH',
      role: 'admin',
      twoFactorEnabledAt: new Date(),
    })
    .returning();
  return { id: admin!.id, cookie: `ictacem_session=${(await createSession(ctx, admin!.id)).token}` };
}
