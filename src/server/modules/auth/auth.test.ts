import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, sessions, users } from '@server/db/schema/index.ts';
import { MESSAGES } from '@shared/schemas/auth.ts';
import { hashPassword } from '@server/lib/passwords.ts';
import { createTestUser } from '@server/test/factories.ts';
import { startTestSmtpServer, type TestSmtpServer } from '@server/test/smtp.ts';
import { API, createTestApp, sessionCookieOf, type TestApp, uniqueEmail } from '@server/test/test-app.ts';
import { AUTH_MESSAGES } from './auth.service.ts';

describe('accounts and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers an author with a conference id and signs them in', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { username: 'Ada Lovelace', email: email.toUpperCase(), password: 'secret-pass-1' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ username: 'Ada Lovelace', email, role: 'author' });
    expect(body.user.customUserId).toMatch(/^ICTACEMP2025[A-Z2-9]{5}$/);
    expect(body.user).not.toHaveProperty('password');
    expect(body.user).not.toHaveProperty('passwordHash');

    const profile = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { cookie: sessionCookieOf(res) },
    });
    expect(profile.json().user.email).toBe(email);

    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a second account with the same e-mail', async () => {
    const existing = await createTestUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { username: 'Again', email: existing.email, password: 'secret-pass-1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'An account with this email already exists.' });
  });

  it('refuses a new password shorter than 8 characters, or one of the most common, and stores nothing', async () => {
    for (const [password, message] of [
      ['1234567', 'Password must be at least 8 characters long'],
      ['Password1', MESSAGES.passwordTooCommon],
      ['qwertyuiop', MESSAGES.passwordTooCommon],
      ['Ictacem2025!', MESSAGES.passwordTooGuessable],
      ['mechanics-conference-1', MESSAGES.passwordTooGuessable],
    ] as const) {
      const email = uniqueEmail();
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/register`,
        payload: { username: 'Short', email, password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
      expect(await t.app.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
  });

  it("refuses a password built on the person's own e-mail address", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { username: 'Ada', email: 'ada.lovelace@example.org', password: 'Ada.Lovelace#1815' },
    });
    expect(res.json()).toEqual({ success: false, message: MESSAGES.passwordTooGuessable });
    const fine = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { username: 'Ada', email: 'ada.lovelace@example.org', password: 'analytical engine notes' },
    });
    expect(fine.statusCode).toBe(201);
  });

  it('asks more of an organizer: 12 characters', async () => {
    await expect(createTestUser(t.app, { role: 'admin', password: 'eleven-char' })).rejects.toThrow(
      MESSAGES.adminPasswordTooShort,
    );
    const admin = await createTestUser(t.app, { role: 'admin', password: 'twelve-chars' });
    expect(admin.user.role).toBe('admin');
  });

  it('still signs in an account whose password was chosen under the earlier 6-character rule', async () => {
    const author = await createTestUser(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword('abc123') })
      .where(eq(users.id, author.user._id));
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: author.email, password: 'abc123' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('logs in with the right password and refuses a wrong one without saying which part was wrong', async () => {
    const author = await createTestUser(t.app);
    const ok = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: author.email, password: author.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user._id).toBe(author.user._id);
    const cookie = ok.cookies.find((c) => c.name === 'ictacem_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/ictacem2025' });
    expect(cookie.value).not.toBe(author.token);

    const wrong = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: author.email, password: 'not the password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: uniqueEmail(), password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('accepts the session token as a Bearer token and ignores a forged one', async () => {
    const author = await createTestUser(t.app);
    const bearer = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(bearer.json().user._id).toBe(author.user._id);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { authorization: 'Bearer forged-token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ success: false, message: 'Please log in to continue.' });
  });

  it('answers the session check with 200 for a visitor and the user when signed in', async () => {
    const author = await createTestUser(t.app);
    const visitor = await t.app.inject({ method: 'GET', url: `${API}/auth/session` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({
      success: true,
      user: null,
      registrationOpen: true,
      mustEnrolTwoFactor: false,
      committeeMember: false,
    });
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/session`,
      headers: { cookie: author.cookie },
    });
    expect(signedIn.json().user).toMatchObject({ _id: author.user._id, email: author.email });
    expect(signedIn.json().user.passwordHash).toBeUndefined();
  });

  it('revokes the session at logout', async () => {
    const author = await createTestUser(t.app);
    const before = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { cookie: author.cookie },
    });
    expect(before.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: { cookie: author.cookie } });
    expect(out.json()).toMatchObject({ success: true });
    const after = await t.app.inject({ method: 'GET', url: `${API}/auth/profile`, headers: { cookie: author.cookie } });
    expect(after.statusCode).toBe(401);
    const left = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, author.user._id));
    expect(left).toHaveLength(0);
  });

  it('lets an admin and refuses an author on an admin-only route', async () => {
    const author = await createTestUser(t.app);
    const admin = await createTestUser(t.app, { role: 'admin' });
    const url = `${API}/admin/users/${author.user._id}`;
    const anonymous = await t.app.inject({ method: 'GET', url });
    const asAuthor = await t.app.inject({ method: 'GET', url, headers: { cookie: author.cookie } });
    const asAdmin = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
    expect(anonymous.statusCode).toBe(401);
    expect(asAuthor.statusCode).toBe(403);
    expect(asAuthor.json()).toEqual({ success: false, message: 'You do not have permission to perform this action.' });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().user.email).toBe(author.email);
    const missing = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/users/not-a-uuid`,
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ registrationOpen: false });
  });
  afterAll(() => t.close());

  it('answers malformed JSON, missing and wrong-typed fields with 400 and a message', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });

    const missing = await t.app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { email: 'a@b.org' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().success).toBe(false);

    const wrongType = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: 42, password: ['x'] },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.body).not.toMatch(/at .*\.ts/);
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: 'a@b.org', password: 'x'.repeat(100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'The request is too large.' });
  });

  it('refuses registration while it is closed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { username: 'Late', email: uniqueEmail(), password: 'secret-pass-1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.registrationClosed);
  });

  it('refuses state-changing requests from another origin', async () => {
    const author = await createTestUser(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: { cookie: author.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: { cookie: author.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const stillSignedIn = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { cookie: author.cookie },
    });
    expect(stillSignedIn.statusCode).toBe(200);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: { cookie: author.cookie, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404 and redirects / to the base path', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/nothing-here` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found.' });
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/ictacem2025/');
  });
});

describe('password reset', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, publicUrl: 'https://conference.example' });
  });
  afterEach(() => {
    smtp.inbox.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The mails carrying a reset link (a completed reset also sends a security notice). */
  const resetMails = () => smtp.inbox.filter((mail) => mail.raw.includes('Subject: ICTACEM 2025: reset your password'));
  async function waitForMail(count: number) {
    for (let i = 0; i < 100 && resetMails().length < count; i += 1) await new Promise((r) => setTimeout(r, 50));
    return resetMails();
  }

  function linkIn(raw: string): string {
    const match = /https:\/\/conference\.example\/ictacem2025\/reset-password\/([A-Za-z0-9_-]+)/.exec(raw);
    if (!match) throw new Error(`no reset link in mail:\n${raw}`);
    return match[1]!;
  }

  it('sends a real mail whose link resets the password once, and signs out every session', async () => {
    const author = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/forgot-password`,
      headers: { host: 'evil.example' },
      payload: { email: author.email },
    });
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetRequested, devMode: false });

    const [mail] = await waitForMail(1);
    expect(mail!.to).toEqual([author.email]);
    expect(mail!.raw).not.toContain('evil.example');
    const token = linkIn(mail!.raw);

    const reset = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/${token}`,
      payload: { password: 'brand new password' },
    });
    expect(reset.json()).toEqual({
      success: true,
      message: 'Password reset successful! You can now login with your new password.',
    });

    const oldSession = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { cookie: author.cookie },
    });
    expect(oldSession.statusCode).toBe(401);
    const otherSession = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { cookie: other.cookie },
    });
    expect(otherSession.statusCode).toBe(200);

    const oldPassword = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: author.email, password: author.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: author.email, password: 'brand new password' },
    });
    expect(newPassword.statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/${token}`,
      payload: { password: 'another password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
  });

  it('voids every other link of the account at a newer request and at a completed reset; a link lives 30 minutes', async () => {
    const author = await createTestUser(t.app);
    const request = () =>
      t.app.inject({ method: 'POST', url: `${API}/auth/forgot-password`, payload: { email: author.email } });
    const reset = (token: string, password: string) =>
      t.app.inject({ method: 'PUT', url: `${API}/auth/reset-password/${token}`, payload: { password } });
    await request();
    await request();
    const [first, second] = (await waitForMail(2)).map((mail) => linkIn(mail.raw));
    expect(second).not.toBe(first);
    const rows = await t.app.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, author.user._id));
    // Created by the database clock, expiring by the server's: the two may differ by a moment.
    for (const row of rows)
      expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 30 * 60_000)).toBeLessThan(5000);

    // The older link was voided by the newer request.
    expect((await reset(first!, 'older link password')).statusCode).toBe(400);
    await request();
    const third = linkIn((await waitForMail(3))[2]!.raw);
    // The second link was voided by the third request; the third, used once, voids any other.
    expect((await reset(second!, 'second link password')).statusCode).toBe(400);
    expect((await reset(third, 'newest link password')).statusCode).toBe(200);
    expect((await reset(third, 'replayed password')).statusCode).toBe(400);
    const signIn = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: author.email, password: 'newest link password' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a common new password at reset and keeps the link usable', async () => {
    const author = await createTestUser(t.app);
    await t.app.inject({ method: 'POST', url: `${API}/auth/forgot-password`, payload: { email: author.email } });
    const token = linkIn((await waitForMail(1))[0]!.raw);
    const common = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/${token}`,
      payload: { password: 'iloveyou123' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(MESSAGES.passwordTooCommon);
    const fine = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/${token}`,
      payload: { password: 'a sturdy new passphrase' },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await t.app.inject({ method: 'POST', url: `${API}/auth/forgot-password`, payload: { email: nobody } });
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetRequested, devMode: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.inbox.filter((mail) => mail.to.includes(nobody))).toHaveLength(0);
  });

  it('refuses an expired or forged token', async () => {
    const author = await createTestUser(t.app);
    await t.app.inject({ method: 'POST', url: `${API}/auth/forgot-password`, payload: { email: author.email } });
    const [mail] = await waitForMail(1);
    const token = linkIn(mail!.raw);
    await t.app.ctx.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });

    const expired = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/${token}`,
      payload: { password: 'brand new password' },
    });
    expect(expired.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/${'A'.repeat(43)}`,
      payload: { password: 'brand new password' },
    });
    expect(forged.statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: author.email, password: author.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('password reset in development mode', () => {
  it('reports devMode when no mail server is configured', async () => {
    const t = await createTestApp();
    try {
      const author = await createTestUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/forgot-password`,
        payload: { email: author.email },
      });
      expect(res.json()).toMatchObject({ success: true, devMode: true });
      const rows = await t.app.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, author.user._id));
      expect(rows).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
