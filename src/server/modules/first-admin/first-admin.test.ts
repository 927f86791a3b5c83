import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@server/db/schema/index.ts';
import { hashPassword, verifyPassword } from '@server/lib/passwords.ts';
import { createTestUser } from '@server/test/factories.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';
import { ensureAdmin, GENERATED_ADMIN_EMAIL } from './first-admin.service.ts';

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

  it('generates an admin that signs in and can ask for a reset through the same forms as everyone', async () => {
    const [admin] = await t.app.ctx.db.select().from(users).where(eq(users.role, 'admin'));
    const password = 'known-admin-pass';
    await t.app.ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, admin!.id));
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: GENERATED_ADMIN_EMAIL, password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');
    const forgot = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/forgot-password`,
      payload: { email: GENERATED_ADMIN_EMAIL },
    });
    expect(forgot.statusCode).toBe(200);
  });

  it('renames an admin generated as admin@localhost by an earlier version, keeping its password', async () => {
    const [admin] = await t.app.ctx.db.select().from(users).where(eq(users.role, 'admin'));
    await t.app.ctx.db.update(users).set({ email: 'admin@localhost' }).where(eq(users.id, admin!.id));
    expect(await ensureAdmin(t.app.ctx)).toEqual({ email: GENERATED_ADMIN_EMAIL, renamedFrom: 'admin@localhost' });
    const [renamed] = await t.app.ctx.db.select().from(users).where(eq(users.id, admin!.id));
    expect(renamed!.email).toBe(GENERATED_ADMIN_EMAIL);
    expect(renamed!.passwordHash).toBe(admin!.passwordHash);
    expect(await ensureAdmin(t.app.ctx)).toBeUndefined();
  });

  it('promotes the configured account, sets its password and ends its sessions', async () => {
    const existing = await createTestUser(t.app);
    const ctx = {
      ...t.app.ctx,
      config: { ...t.app.ctx.config, adminEmail: existing.email, adminPassword: 'configured-pass' },
    };
    await ensureAdmin(ctx);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, existing.user._id));
    expect(row!.role).toBe('admin');
    expect(await verifyPassword(row!.passwordHash, 'configured-pass')).toBe(true);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, existing.user._id))).toHaveLength(0);
  });

  it('keeps the admin signed in across restarts with the same password, and signs out on a new one', async () => {
    const admin = await createTestUser(t.app, { role: 'admin' });
    const configured = (password: string) => ({
      ...t.app.ctx,
      config: { ...t.app.ctx.config, adminEmail: admin.email, adminPassword: password },
    });
    const sessionsOfAdmin = () => t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, admin.user._id));
    await ensureAdmin(configured(admin.password));
    await ensureAdmin(configured(admin.password));
    expect(await sessionsOfAdmin()).toHaveLength(1);
    await ensureAdmin(configured('a-new-organiser-pass'));
    expect(await sessionsOfAdmin()).toHaveLength(0);
  });

  it('creates the configured admin once when several starts run at the same time', async () => {
    const ctx = {
      ...t.app.ctx,
      config: { ...t.app.ctx.config, adminEmail: 'together@ictacem.test', adminPassword: 'together-pass-2025' },
    };
    await Promise.all([ensureAdmin(ctx), ensureAdmin(ctx), ensureAdmin(ctx)]);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, 'together@ictacem.test'))).toHaveLength(1);
  });
});
