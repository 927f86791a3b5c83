import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, RESET_REQUEST_LIMIT } from '../modules/auth/auth.service.ts';
import { createTestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { API, createTestApp, type TestApp, uniqueEmail } from '../test/test-app.ts';

/** 3 logins per address in 15 minutes, as in brute-force.test.ts. */
const SMALL_LIMITS = { ipRateLimitFactor: 0.05 };

const login = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    remoteAddress,
    payload: { email: uniqueEmail('spray'), password: 'guess' },
  });

let address = 0;
/** Each reset request from its own address: the per-address limit is 1 an hour here. */
const forgot = (app: FastifyInstance, email: string) => {
  address += 1;
  return app.inject({
    method: 'POST',
    url: `${API}/auth/forgot-password`,
    remoteAddress: `198.51.201.${address}`,
    payload: { email },
  });
};

/**
 * Two app instances on one PostgreSQL database, as two processes behind one proxy: the limits
 * are counted in the database, so a client switching between them gets one allowance, not two.
 */
describe.skipIf(!process.env.DATABASE_URL)('rate limits shared by every process', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(SMALL_LIMITS);
    b = await createTestApp({ ...SMALL_LIMITS, databaseUrl: a.config.databaseUrl, inMemoryDatabase: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts sign-in attempts from one address on both processes together', async () => {
    const address = '198.51.200.7';
    expect((await login(a.app, address)).statusCode).toBe(401);
    expect((await login(b.app, address)).statusCode).toBe(401);
    expect((await login(a.app, address)).statusCode).toBe(401);
    expect((await login(b.app, address)).statusCode).toBe(429);
    expect((await login(a.app, address)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(b.app, '198.51.200.8')).statusCode).toBe(401);
  });

  it('counts reset requests for one e-mail on both processes together', async () => {
    const author = await createTestUser(a.app);
    for (let i = 0; i < RESET_REQUEST_LIMIT.max; i += 1)
      expect((await forgot(i % 2 ? b.app : a.app, author.email)).statusCode, `request ${i + 1}`).toBe(200);
    const refused = await forgot(b.app, author.email.toUpperCase());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: AUTH_MESSAGES.resetThrottled('60 minutes') });
    expect((await forgot(a.app, author.email)).statusCode).toBe(429);
    // Another e-mail is not affected.
    expect((await forgot(b.app, uniqueEmail('other'))).statusCode).toBe(200);
  });
});

describe('upload limits per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses an account its 31st upload within the hour, whatever its address, and not another account', async () => {
    const author = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const upload = (cookie: string, remoteAddress: string) => {
      // An empty form: refused after the limit check, before anything is stored.
      const body = multipart({}, [{ field: 'file', name: 'x.pdf', content: pdfBytes() }]);
      return t.app.inject({
        method: 'POST',
        url: `${API}/papers/submit`,
        remoteAddress,
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
    };
    for (let i = 0; i < 30; i += 1) expect((await upload(author.cookie, `203.0.113.${i}`)).statusCode).not.toBe(429);
    expect((await upload(author.cookie, '203.0.113.200')).statusCode).toBe(429);
    expect((await upload(other.cookie, '203.0.113.200')).statusCode).not.toBe(429);
  });
});
