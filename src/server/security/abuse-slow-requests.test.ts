import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_TIMEOUTS } from '../lib/http-timeouts.ts';
import { httpRequest } from '../test/server-process.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const IDLE_MS = 1000;
const STALLED = 50;

/** Sends the headers and the first bytes of a body, then nothing; resolves when the server closes the connection. */
function stallMidBody(port: number): { closed: Promise<number> } {
  const socket = net.connect(port, '127.0.0.1');
  const started = performance.now();
  socket.on('connect', () => {
    socket.write(
      'POST /ictacem2025/api/auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"',
    );
  });
  // Whatever the server answers is read and dropped, so its closing the connection is seen.
  socket.resume();
  socket.on('error', () => undefined);
  return { closed: new Promise((resolve) => socket.once('close', () => resolve(performance.now() - started))) };
}

describe('slow requests', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ httpTimeouts: { idleMs: IDLE_MS } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('sets every timeout deliberately: a stalled body is cut off within 30 s, the largest upload on a slow link still fits', () => {
    expect(HTTP_TIMEOUTS.idleMs).toBeLessThanOrEqual(30_000);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThan(HTTP_TIMEOUTS.requestMs);
    // 25 MB (five 5 MB chat attachments) at 256 kbit/s.
    expect(HTTP_TIMEOUTS.requestMs).toBeGreaterThan(((25 * 1024 * 1024) / 32_000) * 1000);
    expect(t.app.server.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
    expect(t.app.server.requestTimeout).toBe(HTTP_TIMEOUTS.requestMs);
    expect(t.app.server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveMs);
  });

  it('sheds connections whose body stalls, and keeps answering others meanwhile', { timeout: 20_000 }, async () => {
    const stalled = Array.from({ length: STALLED }, () => stallMidBody(port));
    const health = await httpRequest(`http://127.0.0.1:${port}/ictacem2025`, 'GET', '/api/health');
    expect(health.status).toBe(200);
    const lifetimes = await Promise.all(stalled.map((s) => s.closed));
    // Each was held about the idle timeout, never indefinitely.
    for (const ms of lifetimes) {
      expect(ms).toBeGreaterThanOrEqual(IDLE_MS * 0.9);
      expect(ms).toBeLessThan(IDLE_MS * 5);
    }
  });
});
