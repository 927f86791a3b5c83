import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@shared/schemas/auth.ts';
import { loginFailures, mailOutbox, passwordResets, sessions } from '@server/db/schema/index.ts';
import { hashToken } from '@server/lib/tokens.ts';
import { createTestUser, type TestUser } from '@server/test/factories.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';
import { SESSION_IDLE_MS } from '../sessions/sessions.service.ts';

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signIn(app: FastifyInstance, user: TestUser, userAgent: string, remoteAddress: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    remoteAddress,
    headers: { 'user-agent': userAgent },
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return `ictacem_session=${res.json().token}`;
}
const profileStatus = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ method: 'GET', url: `${API}/auth/profile`, headers: { cookie } })).statusCode;

describe('own account: password and sessions', () => {
  let t: TestAppWithMail;

  beforeAll(async () => {
    t = await createTestAppWithMail();
  });
  afterAll(() => t.close());

  const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/account/password`,
      remoteAddress: '192.0.2.44',
      headers: { cookie },
      payload: { currentPassword, newPassword },
    });

  it('changes the password with the current one, signs out every other session and voids reset links', async () => {
    const author = await createTestUser(t.app);
    const here = await signIn(t.app, author, CHROME_ON_LINUX, '192.0.2.44');
    const elsewhere = await signIn(t.app, author, FIREFOX_ON_WINDOWS, '198.51.100.9');
    await t.app.ctx.db.insert(passwordResets).values({
      userId: author.user._id,
      tokenHash: hashToken('outstanding-link'),
      expiresAt: new Date(Date.now() + 60_000),
    });

    const wrong = await changePassword(here, 'not my password', 'a fresh passphrase');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.currentPasswordWrong });
    // Counted as a failed sign-in, so a borrowed screen gives no unlimited guesses.
    expect(await t.app.ctx.db.select().from(loginFailures).where(eq(loginFailures.account, author.email))).toHaveLength(
      1,
    );
    const common = await changePassword(here, author.password, 'password123');
    expect(common.json()).toEqual({ success: false, message: MESSAGES.passwordTooCommon });
    expect(await profileStatus(t.app, elsewhere)).toBe(200);

    const changed = await changePassword(here, author.password, 'a fresh passphrase');
    expect(changed.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordChanged });
    expect(await profileStatus(t.app, here)).toBe(200);
    expect(await profileStatus(t.app, elsewhere)).toBe(401);
    const reset = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/outstanding-link`,
      payload: { password: 'yet another passphrase' },
    });
    expect(reset.statusCode).toBe(400);
    await expect
      .poll(() => t.smtp.inbox.filter((m) => m.to.includes(author.email)).map((m) => /Subject: (.*)/.exec(m.raw)?.[1]))
      .toEqual(['ICTACEM 2025: your password was changed']);
    // When, as every page and e-mail writes a moment: in the conference's zone, named.
    const mail = t.smtp.inbox.find((m) => m.to.includes(author.email))!.raw;
    expect(mail).toMatch(/The password of your account was changed on \d{1,2} [A-Z][a-z]+ \d{4} \d{2}:\d{2} IST\./);
  });

  it('lists the live sessions with device, address and which is this one, and ends one or all the others', async () => {
    const author = await createTestUser(t.app);
    const here = await signIn(t.app, author, CHROME_ON_LINUX, '192.0.2.44');
    const phone = await signIn(t.app, author, FIREFOX_ON_WINDOWS, '198.51.100.9');
    const third = await signIn(t.app, author, '', '203.0.113.3');
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: `${API}/account/sessions`, headers: { cookie: here } })).json()
        .sessions;
    const all = await list();
    // The factory's session, plus the three sign-ins.
    expect(all).toHaveLength(4);
    expect(all.find((s: { current: boolean }) => s.current)).toMatchObject({
      device: 'Chrome on Linux',
      address: '192.0.2.44',
    });
    const firefox = all.find((s: { device: string }) => s.device === 'Firefox on Windows');
    expect(firefox).toMatchObject({ address: '198.51.100.9', current: false });
    expect(all.some((s: { device: string }) => s.device === 'Unknown device')).toBe(true);

    const other = await createTestUser(t.app);
    const notMine = await t.app.inject({
      method: 'DELETE',
      url: `${API}/account/sessions/${firefox._id}`,
      headers: { cookie: other.cookie },
    });
    expect(notMine.statusCode).toBe(404);
    expect(await profileStatus(t.app, phone)).toBe(200);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${API}/account/sessions/${firefox._id}`,
          headers: { cookie: here },
        })
      ).statusCode,
    ).toBe(200);
    expect(await profileStatus(t.app, phone)).toBe(401);
    const ended = await t.app.inject({
      method: 'POST',
      url: `${API}/account/sessions/end-others`,
      headers: { cookie: here },
    });
    expect(ended.json()).toEqual({ success: true, ended: 2 });
    expect(await profileStatus(t.app, third)).toBe(401);
    expect(await profileStatus(t.app, author.cookie)).toBe(401);
    expect(await profileStatus(t.app, here)).toBe(200);
    expect(await list()).toHaveLength(1);
  });

  it('ends an idle session (an organizer after 8 hours, an author after 7 days) and any session after 30 days', async () => {
    const admin = await createTestUser(t.app, { role: 'admin' });
    const author = await createTestUser(t.app);
    const age = async (user: TestUser, idleMs: number, expiresInMs = 60_000) => {
      t.app.ctx.sessions.forgetUser(user.user._id);
      await t.app.ctx.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - idleMs), expiresAt: new Date(Date.now() + expiresInMs) })
        .where(eq(sessions.userId, user.user._id));
    };
    await age(admin, SESSION_IDLE_MS.admin - 60_000);
    expect(await profileStatus(t.app, admin.cookie)).toBe(200);
    await age(admin, SESSION_IDLE_MS.admin + 60_000);
    expect(await profileStatus(t.app, admin.cookie)).toBe(401);
    await age(author, SESSION_IDLE_MS.admin + 60_000);
    expect(await profileStatus(t.app, author.cookie)).toBe(200);
    await age(author, SESSION_IDLE_MS.author + 60_000);
    expect(await profileStatus(t.app, author.cookie)).toBe(401);
    const busy = await createTestUser(t.app);
    await age(busy, 0, -1000);
    expect(await profileStatus(t.app, busy.cookie)).toBe(401);
  });

  it('mails the owner when the password is reset', async () => {
    const author = await createTestUser(t.app);
    await t.app.ctx.db.insert(passwordResets).values({
      userId: author.user._id,
      tokenHash: hashToken('link-for-mail'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${API}/auth/reset-password/link-for-mail`,
          payload: { password: 'a reset passphrase' },
        })
      ).statusCode,
    ).toBe(200);
    const queued = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, author.email));
    expect(queued.map((m) => m.subject)).toEqual(['ICTACEM 2025: your password was reset']);
  });
});
