import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../../test/factories.ts';
import { API, createTestApp, type TestApp } from '../../test/test-app.ts';

describe('health checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness and readiness with 200 while the server and its database work', async () => {
    const live = await t.app.inject({ method: 'GET', url: `${API}/health` });
    expect([live.statusCode, live.json()]).toEqual([200, { success: true }]);
    const ready = await t.app.inject({ method: 'GET', url: `${API}/health/ready` });
    expect([ready.statusCode, ready.json()]).toEqual([200, { success: true, database: 'ok' }]);
  });

  it('does not look up a session sent along', async () => {
    const user = await createTestUser(t.app);
    const lookups = vi.spyOn(t.app.ctx.sessions, 'get');
    try {
      for (const url of [`${API}/health`, `${API}/health/ready`]) {
        expect((await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })).statusCode).toBe(200);
      }
      expect(lookups).not.toHaveBeenCalled();
      // The same cookie elsewhere is looked up: the spy does see lookups.
      await t.app.inject({ method: 'GET', url: `${API}/auth/session`, headers: { cookie: user.cookie } });
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });
});
