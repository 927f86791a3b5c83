import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_UNAVAILABLE } from '@server/plugins/errors.ts';
import { createTestUser } from '@server/test/factories.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

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

describe('while the server shuts down', () => {
  it('answers 503 with Connection: close on a kept-alive connection, then closes', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

      // First a normal answer on the connection, which stays open ...
      socket.write(`GET ${API}/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await expect.poll(() => received, { timeout: 5000 }).toMatch(/"database":"ok"/);
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(received).not.toMatch(/connection: close/i);
      received = '';
      // ... then a request half sent (so the connection is busy, not idle) when the close begins.
      socket.write(`GET ${API}/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closing = t.app.close().then(() => (closed = true));
      await expect.poll(() => t.app.draining.active).toBe(true);
      expect(closed).toBe(false);
      socket.write('\r\n');

      await socketClosed;
      const [head = '', body = ''] = received.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 503 /);
      expect(head).toMatch(/\r\nconnection: close(\r\n|$)/i);
      expect(head).toMatch(/\r\nretry-after: 5(\r\n|$)/i);
      expect(head).toMatch(/\r\ncontent-security-policy: /i);
      expect(JSON.parse(body)).toEqual({ success: false, message: SERVICE_UNAVAILABLE });
      await closing;
      expect(closed).toBe(true);
    } finally {
      if (!closed) await t.app.close();
      await t.close().catch(() => undefined);
    }
  });
});
