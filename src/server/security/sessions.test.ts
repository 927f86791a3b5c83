import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import { insertPasswordReset } from '../modules/auth/auth.repository.ts';
import { SESSION_TTL_MS } from '../modules/sessions/sessions.service.ts';
import { ensureAdmin } from '../modules/first-admin/first-admin.service.ts';
import { createTestPaper, createTestUser, type TestUser } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';

const BASE = API.replace(/\/api$/, '');

const login = (app: FastifyInstance, user: TestUser, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    headers,
    remoteAddress,
    payload: { email: user.email, password: user.password },
  });
const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'ictacem_session');
const profileStatus = async (app: FastifyInstance, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: `${API}/auth/profile`, headers })).statusCode;

describe('session cookies and tokens', () => {
  let t: TestApp;
  let author: TestUser;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'trace', logStream: { write: (line: string) => void logLines.push(line) } });
    author = await createTestUser(t.app);
  });
  afterAll(() => t.close());

  it('sets an HttpOnly, SameSite=Lax cookie on the base path, not Secure over plain http, for seven days', async () => {
    const res = await login(t.app, author);
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/ictacem2025' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.domain).toBeUndefined();
    expect(cookie.value).toBe(res.json().token);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Math.abs(new Date(cookie.expires!).getTime() - (Date.now() + SESSION_TTL_MS))).toBeLessThan(60_000);
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const res = await login(t.app, author, { 'x-forwarded-proto': 'https' });
    expect(sessionCookie(res)!.secure).toBeFalsy();
  });

  it('issues a new token at every login and never adopts one the client brings (no fixation)', async () => {
    const planted = 'attacker-chosen-session-token-AAAAAAAAAAAAAAAA';
    const first = await login(t.app, author, { cookie: `ictacem_session=${planted}` });
    const second = await login(t.app, author, { cookie: `ictacem_session=${planted}` });
    const tokens = [sessionCookie(first)!.value, sessionCookie(second)!.value];
    expect(new Set([...tokens, planted, author.token]).size).toBe(4);
    expect(await profileStatus(t.app, { cookie: `ictacem_session=${planted}` })).toBe(401);
    for (const token of tokens) expect(await profileStatus(t.app, { cookie: `ictacem_session=${token}` })).toBe(200);
  });

  it('stores only the SHA-256 of a token', async () => {
    const token = (await login(t.app, author)).json().token as string;
    const rows = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, author.user._id));
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('kills the token at logout, as cookie and as Bearer, even right after it was used, and clears the cookie', async () => {
    const token = (await login(t.app, author)).json().token as string;
    const other = (await login(t.app, author)).json().token as string;
    expect(await profileStatus(t.app, { cookie: `ictacem_session=${token}` })).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: { cookie: `ictacem_session=${token}` },
    });
    const cleared = sessionCookie(out)!;
    expect(cleared).toMatchObject({ value: '', path: '/ictacem2025' });
    expect(new Date(cleared.expires!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await profileStatus(t.app, { cookie: `ictacem_session=${token}` })).toBe(401);
    expect(await profileStatus(t.app, { authorization: `Bearer ${token}` })).toBe(401);
    // Logout ends this session only; the same person signed in elsewhere stays signed in.
    expect(await profileStatus(t.app, { authorization: `Bearer ${other}` })).toBe(200);
  });

  it('lets no request that raced the logout keep the session alive: ten parallel requests after it all get 401', async () => {
    const token = (await login(t.app, author)).json().token as string;
    const headers = { cookie: `ictacem_session=${token}` };
    // Lookups in flight while the session is deleted must not be cached past it.
    const racing = Array.from({ length: 20 }, () => profileStatus(t.app, headers));
    const out = t.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers });
    await Promise.all([...racing, out]);
    const after = await Promise.all(Array.from({ length: 10 }, () => profileStatus(t.app, headers)));
    expect(after).toEqual(Array(10).fill(401));
  });

  it('refuses an expired session', async () => {
    const user = await createTestUser(t.app);
    await t.app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.user._id));
    expect(await profileStatus(t.app, { cookie: user.cookie })).toBe(401);
  });

  it('ends every session of a user at a password reset, cached ones too', async () => {
    const user = await createTestUser(t.app);
    const second = (await login(t.app, user)).json().token as string;
    for (const headers of [{ cookie: user.cookie }, { authorization: `Bearer ${second}` }] as Record<string, string>[])
      expect(await profileStatus(t.app, headers)).toBe(200);
    const resetToken = 'reset-token-known-to-this-test';
    await insertPasswordReset(t.app.ctx.db, {
      userId: user.user._id,
      tokenHash: hashToken(resetToken),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/${resetToken}`,
      payload: { password: 'a new password' },
    });
    expect(reset.statusCode).toBe(200);
    for (const headers of [{ cookie: user.cookie }, { authorization: `Bearer ${second}` }] as Record<string, string>[])
      expect(await profileStatus(t.app, headers)).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${API}/auth/login`,
          payload: { email: user.email, password: 'a new password' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('ends every session when the configured admin account changes role and password (no API route changes either)', async () => {
    const user = await createTestUser(t.app);
    expect(await profileStatus(t.app, { cookie: user.cookie })).toBe(200);
    await ensureAdmin({
      ...t.app.ctx,
      config: { ...t.app.ctx.config, adminEmail: user.email, adminPassword: 'configured admin password' },
    });
    expect(await profileStatus(t.app, { cookie: user.cookie })).toBe(401);
    const promoted = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: user.email, password: 'configured admin password' },
    });
    expect(promoted.json().user.role).toBe('admin');
    // The one state-changing route on users signs them out; none changes a role or a password.
    const changesAccounts = t.app.apiRoutes.filter(
      (r) => r.url.includes('/admin/users') && r.method !== 'GET' && r.method !== 'HEAD',
    );
    expect(changesAccounts.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${API}/admin/users/:userId/sessions/end`,
    ]);
  });

  it('never takes a session from the URL, and puts none into the URLs it hands out', async () => {
    const user = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, user);
    expect((await t.app.inject({ method: 'GET', url: `${API}/auth/profile?token=${user.token}` })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/papers/view/${paper._id}?token=${user.token}` })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/papers/view/${paper._id}?ictacem_session=${user.token}` }))
        .statusCode,
    ).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: `${API}/papers/user`, headers: { cookie: user.cookie } });
    expect(list.json()[0].pdfPath).toBe(`${API}/papers/view/${paper._id}`);
    expect(list.body).not.toContain(user.token);
  });

  it('writes no token, password or reset token into the logs, even at trace level', async () => {
    logLines.length = 0;
    const password = author.password;
    const signedIn = (await login(t.app, author)).json().token as string;
    // Multipart parsing logs the request's headers at trace level.
    const upload = multipart({ message: 'hello' });
    const paper = await createTestPaper(t.app, author);
    for (const credentials of [{ cookie: `ictacem_session=${signedIn}` }, { authorization: `Bearer ${signedIn}` }]) {
      await t.app.inject({
        method: 'POST',
        url: `${API}/chat/papers/${paper._id}/messages`,
        headers: { ...upload.headers, ...credentials },
        payload: upload.payload,
      });
    }
    await t.app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { cookie: `ictacem_session=${signedIn}` },
    });
    await t.app.inject({ method: 'GET', url: `${API}/auth/profile`, headers: { authorization: `Bearer ${signedIn}` } });
    await t.app.inject({
      method: 'GET',
      url: `${API}/papers/not-a-uuid`,
      headers: { cookie: `ictacem_session=${signedIn}` },
    });
    await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/GuessedResetTokenInThePath`,
      payload: { password: 'whatever1' },
    });
    await t.app.inject({ method: 'GET', url: `${API}/committee/invitations/InvitationTokenInThePath` });
    await t.app.inject({
      method: 'POST',
      url: `${API}/committee/invitations/InvitationTokenInThePath/accept`,
      payload: { password: 'whatever1' },
    });
    await t.app.inject({ method: 'GET', url: `${API}/auth/profile?token=TokenInTheQueryString` });
    // A sign-in form submitted as a GET before its page was live puts the password in the address.
    await t.app.inject({ method: 'GET', url: `${BASE}/login?email=a%40example.org&password=PasswordInTheQuery` });
    await t.app.inject({
      method: 'GET',
      url: `${BASE}/reset-password/ResetTokenOfAPage?password=NewPasswordInTheQuery&confirmPassword=NewPasswordInTheQuery`,
    });
    await t.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: { cookie: `ictacem_session=${signedIn}` },
    });
    const log = logLines.join('');
    expect(log).toContain('/auth/profile');
    expect(log).toContain('reset-password/[redacted]');
    expect(log).toContain('committee/invitations/[redacted]');
    expect(log).toContain('Providing options to busboy');
    for (const secret of [
      signedIn,
      author.token,
      password,
      'GuessedResetTokenInThePath',
      'InvitationTokenInThePath',
      'TokenInTheQueryString',
      'PasswordInTheQuery',
      'ResetTokenOfAPage',
      'ictacem_session=',
    ]) {
      expect(log.includes(secret), `the log contains ${secret}`).toBe(false);
    }
  });
});

describe('Secure cookies behind https', () => {
  let direct: TestApp;
  let proxied: TestApp;
  let onDirect: TestUser;
  let onProxied: TestUser;

  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      createTestApp({ publicUrl: 'https://conference.example' }),
      createTestApp({ trustProxy: ['10.0.0.1'] }),
    ]);
    [onDirect, onProxied] = await Promise.all([createTestUser(direct.app), createTestUser(proxied.app)]);
  });
  afterAll(async () => {
    await Promise.all([direct.close(), proxied.close()]);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const res = await login(direct.app, onDirect);
    expect(sessionCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });

  it('marks it Secure for https through the trusted proxy only', async () => {
    const viaProxy = await login(proxied.app, onProxied, { 'x-forwarded-proto': 'https' }, '10.0.0.1');
    expect(sessionCookie(viaProxy)!.secure).toBe(true);
    const plainViaProxy = await login(proxied.app, onProxied, { 'x-forwarded-proto': 'http' }, '10.0.0.1');
    expect(sessionCookie(plainViaProxy)!.secure).toBeFalsy();
    const spoofed = await login(proxied.app, onProxied, { 'x-forwarded-proto': 'https' }, '192.0.2.44');
    expect(sessionCookie(spoofed)!.secure).toBeFalsy();
  });
});

// Several server processes on one PostgreSQL database: none may trust a session another ended.
describe.runIf(Boolean(process.env.DATABASE_URL))('revocation across server processes', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ databaseUrl: first.config.databaseUrl, inMemoryDatabase: false });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('rejects a token logged out on another process on its very next request', async () => {
    const author = await createTestUser(first.app);
    const headers = { cookie: author.cookie };
    // Both processes have just served the session.
    expect(await profileStatus(first.app, headers)).toBe(200);
    expect(await profileStatus(second.app, headers)).toBe(200);
    await first.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers });
    expect(await profileStatus(second.app, headers)).toBe(401);
  });
});
