import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorWorld, seedAuthorWorld } from '../test/author-world.ts';
import { createTestUser, type TestUser } from '../test/factories.ts';
import { adminParams, AUTHOR_ID_ROUTES, fillParams, registeredRoutes, routeKey } from '../test/route-targets.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';

const SHELL =
  '<!doctype html><title>ICTACEM 2025</title><script type="module" src="/ictacem2025/assets/app.js"></script>';
const OUTSIDE_SECRET = 'outside-the-client-directory';

/** The Content-Security-Policy as a map from directive to its sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectBaselineHeaders(res: LightMyRequestResponse, label: string) {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(['same-origin', 'no-referrer', 'strict-origin', 'strict-origin-when-cross-origin'], label).toContain(
    res.headers['referrer-policy'],
  );
  expect(['SAMEORIGIN', 'DENY'], label).toContain(res.headers['x-frame-options']);
  expect(res.headers['strict-transport-security'], label).toMatch(/max-age=\d{7,}/);
  expect(res.headers['x-powered-by'], label).toBeUndefined();
  expect(res.headers['content-security-policy'], label).toBeTruthy();
}

describe('security headers', () => {
  let root: string;
  let t: TestApp;
  let admin: TestUser;
  let world: AuthorWorld;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-headers-'));
    const clientDir = path.join(root, 'client');
    await mkdir(path.join(clientDir, 'assets'), { recursive: true });
    await writeFile(path.join(clientDir, 'index.html'), SHELL);
    await writeFile(path.join(clientDir, 'assets', 'app.js'), 'console.log("client");');
    await writeFile(path.join(root, 'secret.txt'), OUTSIDE_SECRET);
    t = await createTestApp({ clientDir });
    admin = await createTestUser(t.app, { role: 'admin' });
    world = await seedAuthorWorld(t.app, admin);
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves pages with a strict Content-Security-Policy and the browser protections', async () => {
    for (const url of [
      '/ictacem2025/',
      '/ictacem2025/profile',
      '/ictacem2025/admin/paper/123',
      '/ictacem2025/reset-password/abc',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(SHELL);
      expectBaselineHeaders(res, url);
      const policy = csp(res);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('base-uri'), url).toEqual(["'self'"]);
      expect(policy.get('form-action'), url).toEqual(["'self'"]);
      expect(['self', 'none'].map((s) => [`'${s}'`])).toContainEqual(policy.get('frame-ancestors'));
      for (const [directive, sources] of policy) {
        expect(sources, `${url} ${directive}`).not.toContain('*');
        expect(
          sources.filter((s) => /unsafe-eval|^https?:$|^data:$/.test(s) && directive.startsWith('script')),
          `${url} ${directive}`,
        ).toEqual([]);
      }
      // The page names who is signed in: no shared cache keeps it, none serves it for another cookie.
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      expect(res.headers.vary, url).toMatch(/\bCookie\b/i);
    }
  });

  it('serves client assets with nosniff and the same policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ictacem2025/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expectBaselineHeaders(res, 'asset');
  });

  it('never serves a file from outside the client directory', async () => {
    for (const url of [
      '/ictacem2025/../secret.txt',
      '/ictacem2025/..%2fsecret.txt',
      '/ictacem2025/%2e%2e/secret.txt',
      '/ictacem2025/assets/..%2f..%2fsecret.txt',
      '/ictacem2025/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/ictacem2025/..%5csecret.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain(OUTSIDE_SECRET);
    }
  });

  it('answers every API call, errors included, with nosniff, a policy and no caching of private data', async () => {
    for (const [url, cookie] of [
      [`${API}/auth/profile`, world.author.cookie],
      [`${API}/papers/user`, world.author.cookie],
      [`${API}/auth/profile`, undefined],
      [`${API}/no-such-route`, undefined],
      [`${API}/papers/not-a-uuid`, world.author.cookie],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expectBaselineHeaders(res, url);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
    }
  });

  it('serves every stored file with its own type, a disposition, nosniff and a sandbox policy', async () => {
    const served: string[] = [];
    for (const route of registeredRoutes(t.app).filter((r) => r.method === 'GET' && r.url.includes(':'))) {
      const asAdmin = route.access === 'admin';
      const targets = asAdmin
        ? [{ params: adminParams(world) }]
        : (AUTHOR_ID_ROUTES[routeKey(route)]?.(world, world) ?? []);
      for (const target of targets) {
        const res = await t.app.inject({
          method: 'GET',
          url: fillParams(route, target.params),
          headers: { cookie: (asAdmin ? admin : world.author).cookie },
        });
        if (String(res.headers['content-type']).startsWith('application/json')) continue;
        const label = routeKey(route);
        served.push(label);
        expect(res.statusCode, label).toBe(200);
        expect(res.headers['content-type'], label).toBe('application/pdf');
        expect(res.headers['x-content-type-options'], label).toBe('nosniff');
        expect(res.headers['content-disposition'], label).toMatch(/^(inline|attachment); filename="[^"]+"/);
        expect(res.headers['cache-control'], label).toMatch(/private.*no-store|no-store/);
        const policy = csp(res);
        expect(policy.has('sandbox'), label).toBe(true);
        expect(policy.get('default-src'), label).toEqual(["'none'"]);
      }
    }
    expect(new Set(served)).toEqual(
      new Set([
        'GET /papers/view/:id',
        'GET /papers/view-full/:id',
        'GET /papers/:id/shared-files/:fileId/view',
        'GET /papers/:id/response/revised-abstract',
        'GET /admin/papers/:paperId/author-responses/:responseId/abstract',
        'GET /chat/papers/:id/messages/:messageId/attachments/:index/view',
        'GET /chat/papers/:id/messages/:messageId/attachments/:index/download',
        'GET /admin/papers/:paperId/history/:entryId/:kind/view',
        'GET /admin/papers/:paperId/admin-files/:fileId/view',
        'GET /admin/papers/download/:paperId',
        'GET /papers/:id/letters/acceptance',
        'GET /papers/:id/letters/visa/:letterId',
        'GET /admin/papers/:paperId/letters/acceptance',
        'GET /admin/papers/:paperId/letters/visa/:letterId',
        'GET /papers/:id/receipt',
        'GET /admin/papers/:paperId/receipt',
      ]),
    );
  });
});
