import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryLockForHousekeeping } from '../db/advisory-locks.ts';
import { passwordResets, sessions } from '../db/schema/index.ts';
import { createSession } from '../modules/sessions/sessions.service.ts';
import { createTestUser } from '../test/factories.ts';
import { UPLOAD_IN_PROGRESS_MS } from '../storage/file-store.ts';
import { filesDirOf } from '../storage/local-file-store.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { Housekeeping } from './housekeeping.ts';

describe('housekeeping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('removes the sessions and reset tokens no one can use, and nothing else', async () => {
    const { db } = t.app.ctx;
    const author = await createTestUser(t.app);
    const admin = await createTestUser(t.app, { role: 'admin' });
    const session = async (userId: string, ago: { lastSeenHours?: number; endedHoursAgo?: number }) => {
      await createSession(t.app.ctx, userId);
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(sql`${sessions.createdAt} desc`)
        .limit(1);
      await db
        .update(sessions)
        .set({
          lastSeenAt: sql`now() - ${ago.lastSeenHours ?? 0} * interval '1 hour'`,
          ...(ago.endedHoursAgo !== undefined
            ? { expiresAt: sql`now() - ${ago.endedHoursAgo} * interval '1 hour'` }
            : {}),
        })
        .where(eq(sessions.id, row!.id));
      return row!.id;
    };
    const kept = [
      await session(author.user._id, { lastSeenHours: 24 * 6 }), // an author idle six days: still live
      await session(admin.user._id, { lastSeenHours: 7 }), // an admin idle seven hours: still live
    ];
    await session(author.user._id, { lastSeenHours: 24 * 8 }); // idle past an author's seven days
    await session(admin.user._id, { lastSeenHours: 9 }); // idle past an admin's eight hours
    await session(author.user._id, { endedHoursAgo: 1 }); // past its absolute end
    await db.insert(passwordResets).values([
      { userId: author.user._id, tokenHash: 'expired', expiresAt: new Date(Date.now() - 60_000) },
      { userId: author.user._id, tokenHash: 'live', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    const before = (await db.select().from(sessions)).map((s) => s.id);

    expect(await new Housekeeping(db, t.app.ctx.store, t.app.log).runOnce()).toEqual({
      sessions: 3,
      passwordResets: 1,
      rateLimitWindows: 0,
    });
    const left = (await db.select().from(sessions)).map((s) => s.id);
    for (const id of kept) expect(left).toContain(id);
    expect(left).toHaveLength(before.length - 3);
    expect((await db.select().from(passwordResets)).map((r) => r.tokenHash)).toEqual(['live']);
    expect(await new Housekeeping(db, t.app.ctx.store, t.app.log).runOnce()).toEqual({
      sessions: 0,
      passwordResets: 0,
      rateLimitWindows: 0,
    });
  });

  it.skipIf(!process.env.DATABASE_URL)('leaves the work to the process already doing it', async () => {
    const { db } = t.app.ctx;
    const result = await db.transaction(async (tx) => {
      expect(await tryLockForHousekeeping(tx)).toBe(true);
      return new Housekeeping(db, t.app.ctx.store, t.app.log).runOnce();
    });
    expect(result).toBeUndefined();
  });

  it('sweeps half-received uploads nobody has written to for an hour, never one still arriving', async () => {
    const tmpDir = path.join(filesDirOf(t.config.dataDir), 'tmp');
    await mkdir(tmpDir, { recursive: true });
    await writeFile(path.join(tmpDir, 'left-by-a-killed-process.part'), 'half');
    await writeFile(path.join(tmpDir, 'arriving-now.part'), 'half');
    const old = new Date(Date.now() - UPLOAD_IN_PROGRESS_MS - 60_000);
    await utimes(path.join(tmpDir, 'left-by-a-killed-process.part'), old, old);

    const removed = await new Housekeeping(t.app.ctx.db, t.app.ctx.store, t.app.log).sweepIncompleteUploads();
    expect(removed).toEqual(['tmp/left-by-a-killed-process.part']);
    expect(await readdir(tmpDir)).toEqual(['arriving-now.part']);
  });
});
