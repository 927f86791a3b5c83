import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import type { ApiRoute } from '../plugins/auth.ts';
import { CROSS_ORIGIN_REFUSED } from '../plugins/same-origin.ts';
import { type AuthorWorld, seedAuthorWorld, withBody } from '../test/author-world.ts';
import { createTestUser, type TestUser } from '../test/factories.ts';
import {
  adminParams,
  AUTHOR_ID_ROUTES,
  fillParams,
  registeredRoutes,
  routeKey,
  type TargetedRequest,
} from '../test/route-targets.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';

const PUBLIC_ORIGIN = 'http://localhost:3000';

/** What a browser sends when another site makes the request. */
const HOSTILE_HEADERS: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { origin: `${PUBLIC_ORIGIN}.evil.example` },
  { origin: 'http://localhost:3000@evil.example' },
  { origin: 'https://localhost:3000' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  { origin: PUBLIC_ORIGIN, 'sec-fetch-site': 'cross-site' },
];

const TABLES = [
  schema.users,
  schema.sessions,
  schema.passwordResets,
  schema.papers,
  schema.paperAuthors,
  schema.submissionVersions,
  schema.adminFiles,
  schema.storedFiles,
  schema.chatMessages,
  schema.chatAttachments,
  schema.chatReadCursors,
  schema.notifications,
  schema.mailOutbox,
  schema.auditLog,
];

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>ICTACEM 2025</title>');
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('cross-site requests are refused before they change anything', () => {
  let admin: TestUser;
  let me: AuthorWorld;

  beforeAll(async () => {
    admin = await createTestUser(t.app, { role: 'admin' });
    me = await seedAuthorWorld(t.app, admin);
  });

  /** Every row of every table, in a stable order. */
  async function everything() {
    const dump = await Promise.all(TABLES.map((table) => t.app.ctx.db.select().from(table)));
    return dump.map((rows) => rows.map((row) => JSON.stringify(row)).sort());
  }

  /** A request that would be accepted from the site itself: the right caller, real ids, a real body. */
  function legitimate(route: ApiRoute): InjectOptions {
    const caller = route.access === 'admin' ? admin : me.author;
    const target: TargetedRequest =
      route.access === 'user' && route.url.includes(':')
        ? AUTHOR_ID_ROUTES[routeKey(route)]!(me, me)[0]!
        : {
            params: adminParams(me),
            body: { status: 'declined', review: 'x', email: me.author.email, password: me.author.password },
          };
    return {
      method: route.method as InjectOptions['method'],
      url: fillParams(route, { token: 'some-token', ...target.params }),
      ...withBody(target.body, { cookie: caller.cookie }),
    };
  }

  it('answers 403 to every state-changing API route called from another site, and stores nothing', async () => {
    const stateChanging = registeredRoutes(t.app).filter((r) => r.method !== 'GET');
    expect(stateChanging.length).toBeGreaterThan(20);
    const before = await everything();
    for (const route of stateChanging) {
      const request = legitimate(route);
      for (const hostile of HOSTILE_HEADERS) {
        const res = await t.app.inject({ ...request, headers: { ...request.headers, ...hostile } });
        expect(res.statusCode, `${routeKey(route)} ${JSON.stringify(hostile)}`).toBe(403);
        expect(res.json()).toEqual({ success: false, message: CROSS_ORIGIN_REFUSED });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    expect(await everything()).toEqual(before);
  });

  it('accepts the same requests from the site itself and from clients that send no browser headers', async () => {
    const readAll = registeredRoutes(t.app).find((r) => routeKey(r) === 'PATCH /notifications/read-all')!;
    for (const own of [
      { origin: PUBLIC_ORIGIN, 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost:80' },
      {},
    ]) {
      const request = legitimate(readAll);
      const res = await t.app.inject({ ...request, headers: { ...request.headers, ...own } });
      expect(res.statusCode, JSON.stringify(own)).toBe(200);
    }
  });

  it('grants no cross-origin reads: no CORS headers, even to a preflight', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { cookie: me.author.cookie, origin: 'https://evil.example' },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `${API}/papers/${me.paperId}/payment`,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('server redirects stay on the site', () => {
  it('sends / to the base path as a relative location, whatever Host the request names', async () => {
    for (const host of ['evil.example', 'localhost:3000']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { host, 'x-forwarded-host': 'evil.example' },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/ictacem2025/');
    }
  });

  it('answers paths that look like other sites with the page shell or a 404, never a redirect', async () => {
    for (const url of [
      '//evil.example',
      '/ictacem2025//evil.example',
      '/ictacem2025/%2F%2Fevil.example',
      '/ictacem2025/login?redirect=https://evil.example',
      '/ictacem2025/\\evil.example',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([200, 404], url).toContain(res.statusCode);
      expect(res.headers.location, url).toBeUndefined();
    }
  });
});
