import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import type { ApiRoute } from '../plugins/auth.ts';
import { type AuthorWorld, type RequestBody, seedAuthorWorld, withBody } from '../test/author-world.ts';
import { createTestUser, submissionFields, type TestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import {
  adminParams,
  AUTHOR_ID_ROUTES,
  fillParams,
  isStreamRoute,
  PUBLIC_ID_ROUTES,
  registeredRoutes,
  routeKey,
  type TargetedRequest,
} from '../test/route-targets.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { OPEN_DEADLINES } from '../test/open-deadlines.ts';
import { API, createTestApp, type TestApp, uniqueEmail } from '../test/test-app.ts';

/** Keys that belong to the admin's view of a paper or to the database, never to an author's answer. */
const ADMIN_ONLY_KEYS = [
  'adminEvaluation',
  'evaluation',
  'marks',
  'confidentialComments',
  'evaluationMarks',
  'evaluationComments',
  'reviewer',
  'reviewedBy',
  'evaluatedBy',
  'uploadedBy',
  'passwordHash',
  'password',
  'storageKey',
  'sha256',
  'version',
];

describe('secrets: nothing confidential in any answer an author can get', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: TestUser;
  let me: AuthorWorld;
  let other: AuthorWorld;
  let secrets: string[];

  /** Today, until the crawl: certificates are served only after the conference. */
  const clock: { now: Date | null } = { now: null };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, now: () => clock.now ?? new Date() });
    admin = await createTestUser(t.app, { role: 'admin' });
    [me, other] = await Promise.all([seedAuthorWorld(t.app, admin, 83), seedAuthorWorld(t.app, admin, 71)]);
    const hashes = (await t.app.ctx.db.select({ hash: users.passwordHash }).from(users)).map((u) => u.hash);
    secrets = [
      ...me.secrets,
      ...other.secrets,
      other.marker,
      other.author.email,
      other.author.user.customUserId,
      admin.email,
      admin.user.customUserId,
      other.author.token,
      admin.token,
      ...hashes,
      '$argon2',
    ];
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  function expectClean(label: string, body: Buffer | string, json: unknown) {
    // The published programme names every paper in it, the other author's too: their title,
    // names and affiliations are public there, and nothing else of theirs may be.
    const raw = typeof body === 'string' ? body : body.toString('utf8');
    const text = label.startsWith('GET /programme')
      ? other.published.reduce((rest, published) => rest.replaceAll(published, ''), raw)
      : typeof body === 'string'
        ? body
        : body.toString('latin1');
    for (const secret of secrets) expect(text.includes(secret), `${label} contains ${secret}`).toBe(false);
    // The schedule JSON's own format has a "version" (of the schedule and of its generator); the
    // public pages' texts have theirs (a hash of the texts, their ETag).
    const formatKeys =
      label.startsWith('GET /programme/schedule') || label.startsWith('GET /site-content') ? ['version'] : [];
    walk(json, (key, value) => {
      if (!formatKeys.includes(key)) expect(ADMIN_ONLY_KEYS, `${label} has the key ${key}`).not.toContain(key);
      expect([me.marks, other.marks], `${label} has the value of a mark at ${key}`).not.toContain(value);
    });
  }

  it('plants secrets an admin can read, so their absence below means something', async () => {
    const evaluation = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${me.paperId}/evaluation`,
      headers: { cookie: admin.cookie },
    });
    expect(evaluation.json().evaluation).toMatchObject({
      marks: me.marks,
      confidentialComments: expect.stringContaining(me.secrets[0]!),
    });
    const hidden = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${me.paperId}/admin-files/${me.hiddenFileId}/view`,
      headers: { cookie: admin.cookie },
    });
    expect(hidden.rawPayload.toString('latin1')).toContain(me.secrets[1]!);
  });

  it('crawls every route an author can reach, every refusal and error, and every mail, and finds none', async () => {
    const routes = registeredRoutes(t.app);
    const visited = new Set<string>();
    const answers: { label: string; res: LightMyRequestResponse }[] = [];
    const ask = async (label: string, request: InjectOptions) => {
      const res = await t.app.inject(request);
      answers.push({ label, res });
      return res;
    };
    const call = (
      route: ApiRoute,
      target: TargetedRequest,
      headers: Record<string, string> = { cookie: me.author.cookie },
    ) => {
      visited.add(routeKey(route));
      const url = fillParams(route, target.params);
      return ask(`${routeKey(route)} ${url}`, {
        method: route.method as InjectOptions['method'],
        url,
        ...withBody(target.body, headers),
      });
    };
    const ownTargets = (route: ApiRoute) =>
      route.url.includes(':')
        ? (AUTHOR_ID_ROUTES[routeKey(route)]?.(me, me) ?? PUBLIC_ID_ROUTES[routeKey(route)]!(me))
        : [{ params: {} }];

    // Every GET the author may make, on their own resources, the day after the conference.
    clock.now = new Date(Date.parse(OPEN_DEADLINES.conferenceEnds) + 24 * 60 * 60_000);
    const gets = routes.filter((r) => r.method === 'GET' && (r.access === 'user' || r.access === 'public'));
    for (const route of gets.filter((r) => !isStreamRoute(r))) {
      for (const target of ownTargets(route)) expect((await call(route, target)).statusCode, routeKey(route)).toBe(200);
    }
    // Every admin and check-in desk route, aimed at the author's own paper: refused, with nothing in the refusal.
    for (const route of routes.filter((r) => r.access === 'admin' || r.access === 'volunteer')) {
      expect((await call(route, { params: adminParams(me) })).statusCode, routeKey(route)).toBe(403);
    }
    // Every state-changing author route: on their own resources (accepted or refused by state), then on another's.
    const bodies: Record<string, RequestBody> = {
      'POST /papers/submit': multipart(submissionFields(), [
        { field: 'paperPdf', name: 'second.pdf', content: pdfBytes('second') },
      ]),
    };
    for (const route of routes.filter((r) => r.method !== 'GET' && r.access === 'user')) {
      for (const target of ownTargets(route)) await call(route, { body: bodies[routeKey(route)], ...target });
    }
    for (const route of routes.filter((r) => r.access === 'user' && r.url.includes(':'))) {
      for (const target of AUTHOR_ID_ROUTES[routeKey(route)]!(other, me))
        expect((await call(route, target)).statusCode, routeKey(route)).toBe(404);
    }
    // Public routes, aimed at other people where they take an e-mail; logout last, it ends the session.
    const publicBodies: Record<string, TargetedRequest> = {
      'POST /auth/register': {
        params: {},
        body: { username: 'Late', email: other.author.email, password: 'secret-pass-1' },
      },
      'POST /auth/login': { params: {}, body: { email: me.author.email, password: me.author.password } },
      'POST /auth/forgot-password': { params: {}, body: { email: other.author.email } },
      'PUT /auth/reset-password/:token': { params: { token: 'guessed-token' }, body: { password: 'new password' } },
      // The author is invited to the committee: accepted signed in, then a guessed link declined.
      'POST /committee/invitations/:token/accept': { params: { token: me.committeeInvitationToken }, body: {} },
      'POST /committee/invitations/:token/decline': { params: { token: 'guessed-token' }, body: { reason: 'No' } },
    };
    // Committee routes before the author joins the committee: refused, with nothing in the refusal.
    for (const route of routes.filter((r) => r.access === 'member'))
      expect((await call(route, { params: adminParams(other), body: { bid: 'eager' } })).statusCode).toBe(403);
    const publicRoutes = routes.filter((r) => r.access === 'public' && r.method !== 'GET');
    for (const route of publicRoutes.filter((r) => routeKey(r) !== 'POST /auth/logout')) {
      await call(route, publicBodies[routeKey(route)] ?? { params: {} });
    }
    // Now a member (the invitation was accepted above): every committee route, on another's paper.
    for (const route of routes.filter((r) => r.access === 'member'))
      await call(route, { params: adminParams(other), body: { bid: 'willing' } });
    await ask('wrong password for another account', {
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: other.author.email, password: 'guess' },
    });
    await ask('fresh registration', {
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { username: 'New', email: uniqueEmail(), password: 'secret-pass-1' },
    });
    // The admin file kept from the author, through the author's own paper.
    const hidden = await ask('hidden admin file', {
      method: 'GET',
      url: `${API}/papers/${me.paperId}/shared-files/${me.hiddenFileId}/view`,
      headers: { cookie: me.author.cookie },
    });
    expect(hidden.statusCode).toBe(404);
    // Errors of every kind.
    await ask('malformed JSON', {
      method: 'PATCH',
      url: `${API}/papers/${me.paperId}/payment`,
      headers: { cookie: me.author.cookie, 'content-type': 'application/json' },
      payload: '{"paymentId": ',
    });
    await ask('oversized body', {
      method: 'PATCH',
      url: `${API}/papers/${me.paperId}/payment`,
      headers: { cookie: me.author.cookie },
      payload: { paymentId: 'x'.repeat(70_000) },
    });
    await ask('invalid payment ID', {
      method: 'PATCH',
      url: `${API}/papers/${me.paperId}/payment`,
      headers: { cookie: me.author.cookie },
      payload: { paymentId: ' ' },
    });
    await ask('malformed id', {
      method: 'GET',
      url: `${API}/papers/not-a-uuid`,
      headers: { cookie: me.author.cookie },
    });
    await ask('invalid query', {
      method: 'GET',
      url: `${API}/notifications?limit=100000`,
      headers: { cookie: me.author.cookie },
    });
    await ask('unknown API path', {
      method: 'GET',
      url: `${API}/papers/${me.paperId}/evaluation`,
      headers: { cookie: me.author.cookie },
    });
    const logout = routes.find((r) => routeKey(r) === 'POST /auth/logout')!;
    await call(logout, { params: {} });
    await ask('after logout', { method: 'GET', url: `${API}/auth/profile`, headers: { cookie: me.author.cookie } });

    // The streams say ids and counts only; live-events.test.ts checks what each user receives.
    const unvisited = routes.filter((r) => !isStreamRoute(r) && !visited.has(routeKey(r))).map(routeKey);
    expect(unvisited, 'routes the crawl did not reach').toEqual([]);
    expect(answers.length).toBeGreaterThan(70);
    for (const { label, res } of answers) {
      const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
      expectClean(label, res.rawPayload, isJson ? res.json() : undefined);
      expectClean(`${label} (headers)`, JSON.stringify(res.headers), undefined);
    }

    // The e-mail copies of the author's notifications: acceptance, shared file, reviewer's message.
    for (let i = 0; i < 100 && smtp.inbox.filter((m) => m.to.includes(me.author.email)).length < 3; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    const mails = smtp.inbox.filter((m) => m.to.includes(me.author.email));
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails) expectClean(`mail to the author`, mail.raw, undefined);
    expect(mails.some((m) => m.raw.includes(me.marker))).toBe(true);
  });
});

/** Calls `visit` with every key of a parsed JSON answer and the value under it. */
function walk(value: unknown, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(value)) for (const item of value) walk(item, visit);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      visit(key, inner);
      walk(inner, visit);
    }
  }
}
