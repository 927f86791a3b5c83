import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/schemas/auth.ts';
import { TWO_FACTOR_MESSAGES } from '@shared/schemas/two-factor.ts';
import {
  authEvents,
  loginFailures,
  passwordResets,
  recoveryCodes,
  totpCredentials,
  users,
} from '@server/db/schema/index.ts';
import { hashToken } from '@server/lib/tokens.ts';
import {
  createTestUser,
  freshTotpCode,
  solvedChallenge,
  TEST_TOTP_SECRET,
  type TestUser,
} from '@server/test/factories.ts';
import {
  API,
  createTestApp,
  createTestAppWithMail,
  type TestApp,
  type TestAppWithMail,
} from '@server/test/test-app.ts';
import { ensureAdmin } from '../first-admin/first-admin.service.ts';
import { giveTotpSecret } from './two-factor.service.ts';

const ADDRESS = '192.0.2.61';
const step = () => TOTP.counter({ period: 30 });
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: at * 30_000 });

function login(
  app: FastifyInstance,
  body: { email: string; password: string; totp?: string },
  remoteAddress = ADDRESS,
) {
  return app.inject({ method: 'POST', url: `${API}/auth/login`, remoteAddress, payload: body });
}
const as = (cookie: string) => ({ headers: { cookie }, remoteAddress: ADDRESS });
const failuresOf = async (app: FastifyInstance, email: string) =>
  (await app.ctx.db.select().from(loginFailures).where(eq(loginFailures.account, email))).length;

/** Enrols through the API as the person would: QR code, then a first code with the password. */
async function enrol(
  app: FastifyInstance,
  user: TestUser,
): Promise<{ secret: string; recoveryCodes: string[]; usedStep: number }> {
  const started = await app.inject({ method: 'POST', url: `${API}/account/two-factor/enrolment`, ...as(user.cookie) });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json() as { secret: string };
  const usedStep = step();
  const enabled = await app.inject({
    method: 'POST',
    url: `${API}/account/two-factor/enable`,
    ...as(user.cookie),
    payload: { code: codeAt(secret, usedStep), currentPassword: user.password },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: enabled.json().recoveryCodes, usedStep };
}

describe('two-factor sign-in', () => {
  let t: TestAppWithMail;
  beforeAll(async () => {
    t = await createTestAppWithMail();
  });
  afterAll(() => t.close());

  it('sends an admin without a second factor to enrol before any admin route, then lets the same session in', async () => {
    const admin = await createTestUser(t.app, { role: 'admin', twoFactor: false });
    const other = await login(t.app, admin);
    expect(other.statusCode).toBe(200);
    // The sign-in says so itself, so the page asks for nothing the session would be refused.
    expect(other.json()).toMatchObject({ mustEnrolTwoFactor: true });
    const author = await createTestUser(t.app, { email: 'lan.nguyen@example.vn' });
    expect((await login(t.app, author)).json()).toMatchObject({ mustEnrolTwoFactor: false });

    const refused = await t.app.inject({ method: 'GET', url: `${API}/admin/papers`, ...as(admin.cookie) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: TWO_FACTOR_MESSAGES.enrolmentNeeded,
      reason: 'two_factor_enrolment_required',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/account/two-factor`, ...as(admin.cookie) })).json(),
    ).toEqual({
      success: true,
      enabled: false,
      required: true,
      recoveryCodesLeft: 0,
    });

    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/account/two-factor/enrolment`,
      ...as(admin.cookie),
    });
    const { secret, otpauthUri, qrSvg } = started.json() as { secret: string; otpauthUri: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/ICTACEM%202025:${encodeURIComponent(admin.email)}?issuer=ICTACEM%202025&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(/^<svg [^>]*viewBox/);

    const enable = (payload: object) =>
      t.app.inject({ method: 'POST', url: `${API}/account/two-factor/enable`, ...as(admin.cookie), payload });
    const wrongCode = await enable({ code: codeAt(secret, step() - 5), currentPassword: admin.password });
    expect(wrongCode.json()).toEqual({ success: false, message: TWO_FACTOR_MESSAGES.enrolmentCodeWrong });
    const wrongPassword = await enable({ code: codeAt(secret, step()), currentPassword: 'not my password' });
    expect(wrongPassword.json()).toEqual({ success: false, message: ACCOUNT_MESSAGES.currentPasswordWrong });
    expect(await failuresOf(t.app, admin.email)).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `${API}/admin/papers`, ...as(admin.cookie) })).statusCode).toBe(
      403,
    );

    const enabled = await enable({ code: codeAt(secret, step()), currentPassword: admin.password });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    // Stored hashed: the SHA-256 of each code, never the code.
    const stored = await t.app.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.user._id));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash).sort()).toEqual(codes.map((c) => hashToken(c.replaceAll('-', ''))).sort());

    expect((await t.app.inject({ method: 'GET', url: `${API}/admin/papers`, ...as(admin.cookie) })).statusCode).toBe(
      200,
    );
    // The session signed in with the password alone is over.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${API}/auth/profile`,
          headers: { cookie: `ictacem_session=${other.json().token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `${API}/account/two-factor/enrolment`, ...as(admin.cookie) })).json(),
    ).toEqual({ success: false, message: TWO_FACTOR_MESSAGES.alreadyOn });
    await expect
      .poll(() => t.smtp.inbox.filter((m) => m.to.includes(admin.email)).map((m) => /Subject: (.*)/.exec(m.raw)?.[1]))
      .toContain('ICTACEM 2025: two-factor sign-in turned on');
  });

  it('asks for the code only after the right password, accepts each code once and counts wrong ones', async () => {
    const author = await createTestUser(t.app);
    const { secret, usedStep } = await enrol(t.app, author);

    const wrongPassword = await login(t.app, { email: author.email, password: 'wrong password' });
    expect(wrongPassword.json()).toEqual({ success: false, message: 'Invalid email or password.' });
    const passwordOnly = await login(t.app, author);
    expect(passwordOnly.statusCode).toBe(401);
    expect(passwordOnly.json()).toEqual({
      success: false,
      message: TWO_FACTOR_MESSAGES.codeNeeded,
      reason: 'two_factor_required',
    });
    expect(passwordOnly.cookies).toEqual([]);

    // The code used to enrol is spent; so is any from long ago. Each try from its own address,
    // so the per-address waits stay out of the way.
    for (const [i, stale] of [codeAt(secret, usedStep), codeAt(secret, usedStep - 4)].entries()) {
      const res = await login(t.app, { ...author, totp: stale }, `198.51.100.${i + 1}`);
      expect(res.json()).toEqual({
        success: false,
        message: TWO_FACTOR_MESSAGES.codeWrong,
        reason: 'two_factor_required',
      });
    }
    expect(await failuresOf(t.app, author.email)).toBe(3);

    // Three failures: the account now needs a solved challenge too. Five requests race with one
    // code: exactly one signs in (the step is claimed in the database, so across processes too).
    const code = codeAt(secret, usedStep + 1);
    const raced = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const remoteAddress = `203.0.113.${i + 1}`;
        const challenge = await solvedChallenge(t.app, remoteAddress);
        return t.app.inject({
          method: 'POST',
          url: `${API}/auth/login`,
          remoteAddress,
          payload: { ...author, totp: code, challenge },
        });
      }),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    const types = (await t.app.ctx.db.select().from(authEvents).where(eq(authEvents.account, author.email))).map(
      (e) => e.type,
    );
    expect(types.filter((type) => type === 'second_factor_failed')).toHaveLength(6);
    expect(types).toContain('two_factor_enabled');
  });

  it('signs in with a recovery code once, and renewed codes replace the old ones', async () => {
    const author = await createTestUser(t.app);
    const { recoveryCodes: codes } = await enrol(t.app, author);
    // Typed as people do: upper case, spaces instead of dashes.
    const typed = codes[0]!.toUpperCase().replaceAll('-', ' ');
    expect((await login(t.app, { ...author, totp: typed })).statusCode).toBe(200);
    expect((await login(t.app, { ...author, totp: codes[0]! })).json().message).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    const status = await t.app.inject({ method: 'GET', url: `${API}/account/two-factor`, ...as(author.cookie) });
    expect(status.json()).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 9 });

    const renew = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/account/two-factor/recovery-codes`,
        ...as(author.cookie),
        payload: { currentPassword: author.password, code },
      });
    // The password alone (a stolen session, a phished password) makes no new codes.
    expect((await renew('000000')).json()).toEqual({ success: false, message: TWO_FACTOR_MESSAGES.codeWrong });
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/account/two-factor`, ...as(author.cookie) })).json()
        .recoveryCodesLeft,
    ).toBe(9);
    const renewed = await renew(codes[2]!);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect((await login(t.app, { ...author, totp: codes[1]! })).statusCode).toBe(401);
    // Three failures by now: the account wants a solved challenge, from a fresh address to skip the wait.
    const challenge = await solvedChallenge(t.app, '198.51.100.77');
    const withFresh = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      remoteAddress: '198.51.100.77',
      payload: { ...author, totp: fresh[0]!, challenge },
    });
    expect(withFresh.statusCode, withFresh.body).toBe(200);
    const types = (await t.app.ctx.db.select().from(authEvents).where(eq(authEvents.account, author.email))).map(
      (e) => e.type,
    );
    expect(types.filter((type) => type === 'recovery_code_used')).toHaveLength(2);
    expect(types).toContain('recovery_codes_renewed');
  });

  it('lets an author turn it off with the password, never a required admin', async () => {
    const author = await createTestUser(t.app);
    const { secret, usedStep } = await enrol(t.app, author);
    const disable = (user: TestUser, currentPassword: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/account/two-factor/disable`,
        ...as(user.cookie),
        payload: { currentPassword, code },
      });
    expect((await disable(author, 'wrong', codeAt(secret, usedStep + 1))).json().message).toBe(
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
    expect((await disable(author, author.password, codeAt(secret, usedStep))).json().message).toBe(
      TWO_FACTOR_MESSAGES.codeWrong,
    );
    expect((await disable(author, author.password, codeAt(secret, usedStep + 1))).json()).toEqual({
      success: true,
      message: TWO_FACTOR_MESSAGES.disabled,
    });
    expect(
      await t.app.ctx.db.select().from(totpCredentials).where(eq(totpCredentials.userId, author.user._id)),
    ).toEqual([]);
    expect((await login(t.app, author)).statusCode).toBe(200);

    const admin = await createTestUser(t.app, { role: 'admin' });
    const refused = await disable(admin, admin.password, await freshTotpCode(admin.email));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.requiredForOrganizers);
    expect((await login(t.app, { ...admin, totp: await freshTotpCode(admin.email) })).statusCode).toBe(200);
  });

  it('a reset keeps the second factor: a new password alone does not sign in', async () => {
    const author = await createTestUser(t.app);
    await enrol(t.app, author);
    await t.app.ctx.db.insert(passwordResets).values({
      userId: author.user._id,
      tokenHash: hashToken('mailed-link'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/mailed-link`,
      payload: { password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    const signIn = await login(t.app, { email: author.email, password: 'a brand new passphrase' });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().reason).toBe('two_factor_required');
  });

  it('mails the owner of an admin account about each new sign-in', async () => {
    const admin = await createTestUser(t.app, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      remoteAddress: '198.51.100.23',
      headers: {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
      payload: { email: admin.email, password: admin.password, totp: await freshTotpCode(admin.email) },
    });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(() => t.smtp.inbox.find((m) => m.to.includes(admin.email))?.raw ?? '')
      .toMatch(/Subject: ICTACEM 2025: new sign-in to your organizer account/);
    const mail = t.smtp.inbox.find((m) => m.to.includes(admin.email))!.raw;
    expect(mail).toContain('from Chrome on Linux at 198.51.100.23');
  });
});

describe('two-factor configuration', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('gives the ADMIN_EMAIL admin the ADMIN_TOTP_SECRET, which signs in in one request', async () => {
    t = await createTestApp({
      adminEmail: 'chief@example.org',
      adminPassword: 'organiser-password',
      adminTotpSecret: TEST_TOTP_SECRET,
    });
    await ensureAdmin(t.app.ctx);
    const admin = { email: 'chief@example.org', password: 'organiser-password' };
    expect((await login(t.app, admin)).json().reason).toBe('two_factor_required');
    const usedCode = await freshTotpCode(admin.email);
    const res = await login(t.app, { ...admin, totp: usedCode });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', twoFactorEnabled: true });
    // A restart with the same secret keeps the used step: the code is not accepted again.
    await ensureAdmin(t.app.ctx);
    expect((await login(t.app, { ...admin, totp: usedCode })).json().message).toBe(TWO_FACTOR_MESSAGES.codeWrong);

    // A new secret (a lost phone) voids the recovery codes of the old one and is logged.
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, admin.email));
    await t.app.ctx.db
      .insert(recoveryCodes)
      .values({ userId: row!.id, codeHash: hashToken('aaaaaabbbbbbccccccdddddd') });
    const NEW_SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U';
    await giveTotpSecret(t.app.ctx.db, row!, NEW_SECRET);
    expect(await t.app.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id))).toEqual([]);
    expect((await login(t.app, { ...admin, totp: 'aaaaaa-bbbbbb-cccccc-dddddd' })).statusCode).toBe(401);
    expect(
      (await login(t.app, { ...admin, totp: await freshTotpCode(`${admin.email}/new`, NEW_SECRET) })).statusCode,
    ).toBe(200);
    const events = await t.app.ctx.db.select().from(authEvents).where(eq(authEvents.account, admin.email));
    expect(events.filter((e) => e.type === 'two_factor_enabled').map((e) => e.address)).toEqual([
      'server start (ADMIN_TOTP_SECRET)',
      'server start (ADMIN_TOTP_SECRET)',
    ]);
    await t.close();
    t = undefined;
  });

  it('lets an admin without a second factor in when ADMIN_MFA_REQUIRED=false', async () => {
    t = await createTestApp({ adminMfaRequired: false });
    const admin = await createTestUser(t.app, { role: 'admin', twoFactor: false });
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/admin/papers`, headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: `${API}/account/two-factor`,
      headers: { cookie: admin.cookie },
    });
    expect(status.json()).toMatchObject({ enabled: false, required: false });
  });
});
