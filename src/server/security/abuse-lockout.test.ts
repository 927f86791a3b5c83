import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, passwordResets } from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import { SIGN_IN_LIMITS, SIGN_IN_MESSAGES } from '../modules/sign-in-guard/sign-in-guard.service.ts';
import { createTestUser, freshTotpCode, solvedChallenge, type TestUser } from '../test/factories.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';

let address = 0;
/** A new attacker address for every try: no per-address limit ever slows this attacker. */
const attackerAddress = () => {
  address += 1;
  return `203.0.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};
const OWNER_ADDRESS = '198.51.100.7';

async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress: string,
  withChallenge = true,
  totp?: string,
) {
  const challenge = withChallenge ? await solvedChallenge(app, remoteAddress) : undefined;
  return app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    remoteAddress,
    payload: { email, password, totp, ...(challenge ? { challenge } : {}) },
  });
}

describe('nobody can lock the organizers out', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    // The organizer signs in from the office once: that address becomes a usual one.
    expect(
      (await login(t.app, admin.email, admin.password, OWNER_ADDRESS, false, await freshTotpCode(admin.email)))
        .statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it(
    'lets at most 100 wrong passwords an hour reach an account, yet the owner still signs in from their usual address',
    { timeout: 120_000 },
    async () => {
      for (let i = 0; i < SIGN_IN_LIMITS.accountMaxFailures; i += 1) {
        const res = await login(t.app, admin.email, `guess-${i}`, attackerAddress());
        expect(res.statusCode, `guess ${i + 1}`).toBe(401);
      }
      // The 101st, and even the right password, from anywhere else: refused, not checked.
      for (const password of ['guess-101', admin.password]) {
        const res = await login(t.app, admin.email, password, attackerAddress());
        expect(res.statusCode).toBe(429);
        expect(res.json().message).toMatch(
          /^Too many failed login attempts for this account\. Please try again in \d+ minutes?\.$/,
        );
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(
        await t.app.ctx.db.select().from(loginFailures).where(eq(loginFailures.account, admin.email)),
      ).toHaveLength(SIGN_IN_LIMITS.accountMaxFailures);

      const owner = await login(
        t.app,
        admin.email,
        admin.password,
        OWNER_ADDRESS,
        true,
        await freshTotpCode(admin.email),
      );
      expect(owner.statusCode).toBe(200);
      expect(owner.json().user.role).toBe('admin');
    },
  );

  // Its admin's third sign-in in a row may wait up to 30 s for an unspent code.
  it('a completed password reset lets the owner in from anywhere again', { timeout: 60_000 }, async () => {
    const token = 'reset-token-for-the-owner-under-attack';
    await t.app.ctx.db
      .insert(passwordResets)
      .values({ userId: admin.user._id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 60_000) });
    const reset = await t.app.inject({
      method: 'PUT',
      url: `${API}/auth/reset-password/${token}`,
      remoteAddress: attackerAddress(),
      payload: { password: 'a-new-admin-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await login(t.app, admin.email, 'a-new-admin-pass', attackerAddress(), false, await freshTotpCode(admin.email)))
        .statusCode,
    ).toBe(200);
  });

  it('slows one address down with doubling waits, without touching the owner elsewhere', async () => {
    const author = await createTestUser(t.app);
    const attacker = attackerAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.sourceFreeFailures; i += 1) {
      expect((await login(t.app, author.email, `guess-${i}`, attacker)).statusCode).toBe(401);
    }
    const tooSoon = await login(t.app, author.email, author.password, attacker);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(
      /^Too many failed login attempts from your network for this account\. Please try again in \d+ seconds?\.$/,
    );
    expect((await login(t.app, author.email, author.password, attackerAddress())).statusCode).toBe(200);
  });

  it('takes a challenge answer once, and only the right one', async () => {
    const author = await createTestUser(t.app);
    for (let i = 0; i < SIGN_IN_LIMITS.challengeAfterFailures; i += 1)
      await login(t.app, author.email, 'wrong', attackerAddress(), false);
    const from = attackerAddress();
    const challenge = await solvedChallenge(t.app, from);
    const wrongAnswer = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      remoteAddress: from,
      payload: {
        email: author.email,
        password: author.password,
        challenge: { ...challenge, answer: challenge.answer + 1 },
      },
    });
    expect(wrongAnswer.statusCode).toBe(400);
    expect(wrongAnswer.json().message).toBe(SIGN_IN_MESSAGES.challengeWrong);
    // The same challenge, now with the right answer: already used.
    const replayed = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      remoteAddress: from,
      payload: { email: author.email, password: author.password, challenge },
    });
    expect(replayed.statusCode).toBe(400);
    expect((await login(t.app, author.email, author.password, from)).statusCode).toBe(200);
  });
});
