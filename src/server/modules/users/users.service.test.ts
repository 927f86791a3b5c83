import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createTestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureAdmin, newCustomUserId } from './users.service.ts';

describe('first admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates one admin with a random password on the first start only', async () => {
    const first = await ensureAdmin(t.app.ctx);
    expect(first?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const [admin] = await t.app.ctx.db.select().from(users).where(eq(users.role, 'admin'));
    expect(await verifyPassword(admin!.passwordHash, first!.generatedPassword!)).toBe(true);
    expect(await ensureAdmin(t.app.ctx)).toBeUndefined();
    expect(await t.app.ctx.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
  });

  it('promotes the configured account, sets its password and ends its sessions', async () => {
    const existing = await createTestUser(t.app);
    const ctx = { ...t.app.ctx, config: { ...t.app.ctx.config, adminEmail: existing.email, adminPassword: 'configured-pass' } };
    await ensureAdmin(ctx);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, existing.user._id));
    expect(row!.role).toBe('admin');
    expect(await verifyPassword(row!.passwordHash, 'configured-pass')).toBe(true);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, existing.user._id))).toHaveLength(0);
  });
});

describe('conference user id', () => {
  it('follows the documented format without look-alike characters', () => {
    for (let i = 0; i < 100; i += 1) expect(newCustomUserId()).toMatch(/^ICTACEMP2025[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{5}$/);
  });
});
