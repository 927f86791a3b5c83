import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthEventView } from '@shared/schemas/auth-events.ts';
import { createTestUser, type TestUser } from '@server/test/factories.ts';
import { API, createTestApp, type TestApp, uniqueEmail } from '@server/test/test-app.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0';

describe('the sign-in log', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  const nobody = uniqueEmail('nobody');

  const send = (url: string, payload: Record<string, unknown>, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}${url}`,
      remoteAddress: '198.51.100.23',
      headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const events = async (query = '', cookie = admin.cookie) =>
    t.app.inject({ method: 'GET', url: `${API}/admin/auth-events${query}`, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    author = await createTestUser(t.app);
    await send('/auth/login', { email: author.email, password: 'the-wrong-secret-guess' });
    await send('/auth/login', { email: nobody, password: 'another-secret-guess' });
    const signedIn = await send('/auth/login', { email: author.email, password: author.password });
    await send('/auth/forgot-password', { email: author.email });
    await send('/auth/logout', {}, `ictacem_session=${signedIn.json().token}`);
  });
  afterAll(() => t.close());

  it('records sign-ins, failures (unknown e-mails too), reset requests and sign-outs with time, address and browser', async () => {
    const res = await events(`?search=${encodeURIComponent(author.email)}`);
    expect(res.statusCode).toBe(200);
    const list = res.json().events as AuthEventView[];
    expect(list.map((e) => e.type)).toEqual(['signed_out', 'reset_requested', 'sign_in_succeeded', 'sign_in_failed']);
    for (const event of list)
      expect(event).toMatchObject({
        account: author.email,
        userId: author.user._id,
        address: '198.51.100.23',
        userAgent: BROWSER,
      });
    const unknown = (await events(`?search=${encodeURIComponent(nobody)}`)).json().events as AuthEventView[];
    expect(unknown).toEqual([expect.objectContaining({ type: 'sign_in_failed', account: nobody, userId: null })]);
  });

  it('filters by kind, and keeps every secret out', async () => {
    const failed = await events('?type=sign_in_failed');
    expect((failed.json().events as AuthEventView[]).every((e) => e.type === 'sign_in_failed')).toBe(true);
    expect(failed.json().pagination.total).toBe(2);
    const all = await events();
    for (const secret of ['the-wrong-secret-guess', 'another-secret-guess', author.password])
      expect(all.body).not.toContain(secret);
    expect((await events('?type=everything')).statusCode).toBe(400);
  });

  it('lets an organizer sign a user out everywhere, at once, and records who did it', async () => {
    const user = await createTestUser(t.app);
    const end = (cookie: string, userId = user.user._id) =>
      t.app.inject({ method: 'POST', url: `${API}/admin/users/${userId}/sessions/end`, headers: { cookie } });
    expect((await end(author.cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/auth/profile`, headers: { cookie: user.cookie } })).statusCode,
    ).toBe(200);
    expect((await end(admin.cookie)).json()).toEqual({ success: true, message: 'The user was signed out everywhere.' });
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/auth/profile`, headers: { cookie: user.cookie } })).statusCode,
    ).toBe(401);
    expect((await end(admin.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const [event] = (await events(`?type=sessions_ended_by_organizer&search=${encodeURIComponent(user.email)}`)).json()
      .events as AuthEventView[];
    expect(event).toMatchObject({ userId: user.user._id, actorId: admin.user._id });
  });

  it('is for organizers only', async () => {
    expect((await events('', author.cookie)).statusCode).toBe(403);
  });
});
