import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../modules/auth/auth.service.ts';
import { SIGN_IN_MESSAGES } from '../modules/sign-in-guard/sign-in-guard.service.ts';
import { createTestUser, solvedChallenge, type TestUser } from '../test/factories.ts';
import { API, createTestApp, type TestApp, uniqueEmail } from '../test/test-app.ts';

/** Scales the per-address limits down: 3 logins per 15 minutes, 1 reset request per hour. */
const SMALL_LIMITS = { ipRateLimitFactor: 0.05 };
const LOGINS_PER_ADDRESS = 3;

let address = 0;
/** A new client address for each scenario, so the per-address limit of one never shapes another. */
const freshAddress = () => {
  address += 1;
  return `198.51.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

function login(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = freshAddress(),
  headers: Record<string, string> = {},
  challenge?: { id: string; answer: number },
) {
  return app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    remoteAddress,
    headers,
    payload: { email, password, ...(challenge ? { challenge } : {}) },
  });
}
function forgot(app: FastifyInstance, email: string, remoteAddress = freshAddress()) {
  return app.inject({ method: 'POST', url: `${API}/auth/forgot-password`, remoteAddress, payload: { email } });
}
/** What a client can observe of an answer: status, body, and whether it set a cookie. */
const observable = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.json(),
  setsCookie: 'set-cookie' in res.headers,
});

describe('brute force and account enumeration, without a trusted proxy', () => {
  let t: TestApp;
  let victim: TestUser;

  beforeAll(async () => {
    t = await createTestApp(SMALL_LIMITS);
    victim = await createTestUser(t.app);
  });
  afterAll(() => t.close());

  it('asks for the challenge after a few wrong passwords on an account, across addresses and spellings, an unknown e-mail exactly alike', async () => {
    const unknown = uniqueEmail('nobody');
    const spell = (email: string, i: number) => [email, email.toUpperCase(), `  ${email}  `][i % 3]!;
    for (let i = 0; i < 5; i += 1) {
      const [known, nobody] = [
        await login(t.app, spell(victim.email, i), `wrong-${i}`),
        await login(t.app, spell(unknown, i), `wrong-${i}`),
      ];
      expect(observable(known), `attempt ${i + 1}`).toEqual(observable(nobody));
      expect(known.statusCode, `attempt ${i + 1}`).toBe(i < 3 ? 401 : 400);
      if (i === 0) expect(known.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidCredentials });
      if (i >= 3)
        expect(known.json()).toEqual({
          success: false,
          message: SIGN_IN_MESSAGES.challengeRequired,
          reason: 'challenge_required',
        });
    }
    // With the challenge solved, the answers stay alike, and the right password still works.
    const [known, nobody] = [
      await login(t.app, victim.email, 'wrong-again', freshAddress(), {}, await solvedChallenge(t.app, freshAddress())),
      await login(t.app, unknown, 'wrong-again', freshAddress(), {}, await solvedChallenge(t.app, freshAddress())),
    ];
    expect(observable(known)).toEqual(observable(nobody));
    expect(known.statusCode).toBe(401);
    const right = await login(
      t.app,
      victim.email.toUpperCase(),
      victim.password,
      freshAddress(),
      {},
      await solvedChallenge(t.app, freshAddress()),
    );
    expect(right.statusCode).toBe(200);
  });

  it('throttles per address, and a forged X-Forwarded-For from an untrusted peer changes nothing', async () => {
    const peer = freshAddress();
    for (let i = 0; i < LOGINS_PER_ADDRESS; i += 1)
      expect((await login(t.app, uniqueEmail('spray'), 'guess', peer)).statusCode).toBe(401);
    expect((await login(t.app, uniqueEmail('spray'), 'guess', peer)).statusCode).toBe(429);
    for (const forged of ['203.0.113.77', '203.0.113.78, 203.0.113.79', '127.0.0.1']) {
      const res = await login(t.app, uniqueEmail('spray'), 'guess', peer, {
        'x-forwarded-for': forged,
        'x-real-ip': forged,
      });
      expect(res.statusCode, `X-Forwarded-For: ${forged}`).toBe(429);
    }
    expect((await login(t.app, uniqueEmail('spray'), 'guess', freshAddress())).statusCode).toBe(401);
  });

  it('answers a password reset request identically for known and unknown e-mails, also once throttled', async () => {
    const known = await createTestUser(t.app);
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 6; i += 1) {
      const [forKnown, forUnknown] = [await forgot(t.app, known.email), await forgot(t.app, unknown)];
      expect(observable(forKnown), `request ${i + 1}`).toEqual(observable(forUnknown));
      expect(forKnown.statusCode).toBe(i < 5 ? 200 : 429);
    }
    const peer = freshAddress();
    expect((await forgot(t.app, uniqueEmail('a'), peer)).statusCode).toBe(200);
    expect((await forgot(t.app, uniqueEmail('b'), peer)).statusCode).toBe(429);
  });
});

describe('brute force behind a trusted proxy', () => {
  let t: TestApp;
  const PROXY = '10.0.0.1';

  beforeAll(async () => {
    t = await createTestApp({ ...SMALL_LIMITS, trustProxy: [PROXY] });
  });
  afterAll(() => t.close());

  const viaProxy = (forwardedFor: string, from = PROXY) =>
    login(t.app, uniqueEmail('spray'), 'guess', from, { 'x-forwarded-for': forwardedFor });

  it('counts each client behind the proxy by its forwarded address, whatever it prepends', async () => {
    for (let i = 0; i < LOGINS_PER_ADDRESS; i += 1) expect((await viaProxy('203.0.113.5')).statusCode).toBe(401);
    expect((await viaProxy('203.0.113.5')).statusCode).toBe(429);
    // The proxy appends the real client; what the client itself sent comes first and is not trusted.
    expect((await viaProxy('192.0.2.200, 203.0.113.5')).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.6')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
    const peer = '192.0.2.9';
    for (let i = 0; i < LOGINS_PER_ADDRESS; i += 1)
      expect((await viaProxy(`203.0.113.${100 + i}`, peer)).statusCode).toBe(401);
    expect((await viaProxy('203.0.113.150', peer)).statusCode).toBe(429);
  });
});
