import { asc, eq } from 'drizzle-orm';
import Fastify, { type InjectOptions } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFiles,
  chatMessages,
  notifications,
  papers,
  storedFiles,
  submissionVersions,
} from '../db/schema/index.ts';
import { TWO_FACTOR_MESSAGES } from '@shared/schemas/two-factor.ts';
import { ADMIN_ONLY, type ApiRoute, authPlugin, CHECK_IN_ONLY, MEMBERS_ONLY, NOT_SIGNED_IN } from '../plugins/auth.ts';
import { type AuthorWorld, seedAuthorWorld, withBody } from '../test/author-world.ts';
import { createTestUser, type TestUser } from '../test/factories.ts';
import { drawnTextOf } from '../test/pdf-drawn-text.ts';
import {
  adminParams,
  AUTHOR_ID_ROUTES,
  dummyParams,
  fillParams,
  PUBLIC_ROUTES,
  registeredRoutes,
  routeKey,
} from '../test/route-targets.ts';
import { OPEN_DEADLINES } from '../test/open-deadlines.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

type Method = InjectOptions['method'];

describe('route sweep: every registered API route against every kind of caller', () => {
  let t: TestApp;
  let admin: TestUser;
  let victim: AuthorWorld;
  let attacker: AuthorWorld;

  /** Today, until the owner's requests: certificates are served only after the conference. */
  const clock: { now: Date | null } = { now: null };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.now ?? new Date() });
    admin = await createTestUser(t.app, { role: 'admin' });
    [victim, attacker] = await Promise.all([seedAuthorWorld(t.app, admin), seedAuthorWorld(t.app, admin)]);
  });
  afterAll(() => t.close());

  const routes = () => registeredRoutes(t.app);
  const withParams = () => routes().filter((r) => r.url.includes(':'));

  /** Everything of the victim's an attack could change. */
  async function victimState() {
    const { db } = t.app.ctx;
    return {
      paper: await db.select().from(papers).where(eq(papers.id, victim.paperId)),
      versions: await db
        .select()
        .from(submissionVersions)
        .where(eq(submissionVersions.paperId, victim.paperId))
        .orderBy(asc(submissionVersions.id)),
      files: await db
        .select()
        .from(adminFiles)
        .where(eq(adminFiles.paperId, victim.paperId))
        .orderBy(asc(adminFiles.id)),
      messages: await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.paperId, victim.paperId))
        .orderBy(asc(chatMessages.id)),
      notifications: await db
        .select()
        .from(notifications)
        .where(eq(notifications.recipientId, victim.author.user._id))
        .orderBy(asc(notifications.id)),
      storedFiles: (await db.select({ id: storedFiles.id }).from(storedFiles)).length,
    };
  }

  /** Params naming the victim's real resources. */
  const realParams = (route: ApiRoute) =>
    route.access === 'user' && route.url.includes(':')
      ? AUTHOR_ID_ROUTES[routeKey(route)]!(victim, attacker)[0]!.params
      : adminParams(victim);

  /** What must never appear in an answer to someone else: the victim's marker and e-mail. */
  function expectNothingOfVictim(body: Buffer, label: string) {
    const text = body.toString('latin1');
    expect(text.includes(victim.marker), `${label} leaks the victim's resource`).toBe(false);
    expect(text.includes(victim.author.email), `${label} leaks the victim's e-mail`).toBe(false);
  }

  it('knows every API route: each declares its access, public ones are the reviewed list, id-bearing author ones are in the table', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(40);
    for (const route of all)
      expect(['public', 'user', 'member', 'admin', 'volunteer'], routeKey(route)).toContain(route.access);

    const publicRoutes = all
      .filter((r) => r.access === 'public')
      .map(routeKey)
      .sort();
    expect(publicRoutes).toEqual([...PUBLIC_ROUTES].sort());

    const idBearingAuthorRoutes = withParams()
      .filter((r) => r.access === 'user')
      .map(routeKey)
      .sort();
    expect(idBearingAuthorRoutes).toEqual(Object.keys(AUTHOR_ID_ROUTES).sort());
  });

  it('refuses to start when an API route declares no access rule', async () => {
    const app = Fastify();
    await app.register(authPlugin, {
      apiPrefix: '/api',
      adminMfaRequired: true,
      reviewerMfaRequired: false,
      findSessionUser: async () => null,
      isCommitteeMember: async () => false,
    });
    app.get('/elsewhere', async () => 'pages need no rule');
    expect(() => app.get('/api/forgotten', async () => 'open to anyone')).toThrow(
      /GET \/api\/forgotten declares no access rule/,
    );
    expect(() => app.get('/api/declared', { config: { access: 'user' } }, async () => 'guarded')).not.toThrow();
    expect(app.apiRoutes).toContainEqual({ method: 'GET', url: '/api/declared', access: 'user' });
    await app.close();
  });

  it('answers 401 to a visitor on every user and admin route, whatever the params and body', async () => {
    const guarded = routes().filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(35);
    for (const route of guarded) {
      for (const cookie of [undefined, 'ictacem_session=forged-or-expired-token']) {
        const res = await t.app.inject({
          method: route.method as Method,
          url: fillParams(route, dummyParams(route)),
          headers: cookie ? { cookie } : {},
        });
        expect(res.statusCode, `${routeKey(route)} ${cookie ? 'forged session' : 'anonymous'}`).toBe(401);
        expect(res.json()).toEqual({ success: false, message: NOT_SIGNED_IN });
      }
      // HEAD mirrors every GET: it must be guarded the same, or headers (a file's name and size) leak.
      if (route.method === 'GET') {
        const head = await t.app.inject({ method: 'HEAD', url: fillParams(route, realParams(route)) });
        expect(head.statusCode, `HEAD ${routeKey(route)}`).toBe(401);
        expect(head.headers['content-disposition'], `HEAD ${routeKey(route)}`).toBeUndefined();
      }
    }
  });

  it('answers 403 to an author on every admin route, for dummy ids and for real ones, with nothing of the target', async () => {
    const adminRoutes = routes().filter((r) => r.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const route of adminRoutes) {
      for (const params of [dummyParams(route), adminParams(victim)]) {
        const res = await t.app.inject({
          method: route.method as Method,
          url: fillParams(route, params),
          headers: { cookie: attacker.author.cookie },
        });
        expect(res.statusCode, `${routeKey(route)} as an author`).toBe(403);
        expect(res.json()).toEqual({ success: false, message: ADMIN_ONLY });
        expectNothingOfVictim(res.rawPayload, routeKey(route));
      }
    }
  });

  it('answers 403 to an author and to an organiser outside the committee on every member route, with nothing of the target', async () => {
    const memberRoutes = routes().filter((r) => r.access === 'member');
    expect(memberRoutes.length).toBeGreaterThan(1);
    for (const route of memberRoutes) {
      for (const caller of [attacker.author, victim.author, admin]) {
        for (const params of [dummyParams(route), adminParams(victim)]) {
          const res = await t.app.inject({
            method: route.method as Method,
            url: fillParams(route, params),
            headers: { cookie: caller.cookie },
            payload: { bid: 'eager' },
          });
          expect(res.statusCode, `${routeKey(route)} outside the committee`).toBe(403);
          expect(res.json()).toEqual({ success: false, message: MEMBERS_ONLY });
          expectNothingOfVictim(res.rawPayload, routeKey(route));
        }
      }
    }
  });

  it('answers 403 to a volunteer account on every route but sign-in and the check-in desk, with nothing of the target', async () => {
    const volunteer = await createTestUser(t.app, { role: 'volunteer' });
    const signIn = (route: ApiRoute) => /^\/ictacem2025\/api\/auth\//.test(route.url);
    const closed = routes().filter((r) => r.access !== 'public' && r.access !== 'volunteer' && !signIn(r));
    expect(closed.length).toBeGreaterThan(35);
    for (const route of closed) {
      const res = await t.app.inject({
        method: route.method as Method,
        url: fillParams(route, realParams(route)),
        headers: { cookie: volunteer.cookie },
      });
      expect(res.statusCode, `${routeKey(route)} as a volunteer`).toBe(403);
      expect([ADMIN_ONLY, CHECK_IN_ONLY, MEMBERS_ONLY]).toContain(res.json().message);
      expectNothingOfVictim(res.rawPayload, routeKey(route));
    }
    const desk = routes().filter((r) => r.access === 'volunteer');
    expect(desk.map(routeKey).sort()).toEqual(['GET /check-in/search', 'POST /check-in', 'POST /check-in/scan']);
    const search = await t.app.inject({
      method: 'GET',
      url: '/ictacem2025/api/check-in/search?q=a',
      headers: { cookie: volunteer.cookie },
    });
    expect(search.statusCode).toBe(200);
  });

  it("answers 403 to an admin without a second factor on every route but sign-in and the own account, with nothing of the victim's", async () => {
    const unenrolled = await createTestUser(t.app, { role: 'admin', twoFactor: false });
    const enrolmentOpen = (route: ApiRoute) => /^\/ictacem2025\/api\/(auth|account)\//.test(route.url);
    const closed = routes().filter((r) => r.access !== 'public' && !enrolmentOpen(r));
    expect(closed.length).toBeGreaterThan(35);
    for (const route of closed) {
      const res = await t.app.inject({
        method: route.method as Method,
        url: fillParams(route, realParams(route)),
        headers: { cookie: unenrolled.cookie },
      });
      expect(res.statusCode, `${routeKey(route)} as an admin awaiting enrolment`).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        message: TWO_FACTOR_MESSAGES.enrolmentNeeded,
        reason: 'two_factor_enrolment_required',
      });
      expectNothingOfVictim(res.rawPayload, routeKey(route));
    }
    const profile = await t.app.inject({
      method: 'GET',
      url: '/ictacem2025/api/auth/profile',
      headers: { cookie: unenrolled.cookie },
    });
    expect(profile.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: '/ictacem2025/api/account/two-factor',
      headers: { cookie: unenrolled.cookie },
    });
    expect(status.json()).toMatchObject({ enabled: false, required: true });
  });

  it("answers 404 to an author aiming at another author's resources, with no byte of them, and changes nothing", async () => {
    const before = await victimState();
    let attempts = 0;
    for (const route of withParams().filter((r) => r.access === 'user')) {
      for (const target of AUTHOR_ID_ROUTES[routeKey(route)]!(victim, attacker)) {
        const res = await t.app.inject({
          method: route.method as Method,
          url: fillParams(route, target.params),
          ...withBody(target.body, { cookie: attacker.author.cookie }),
        });
        const label = `${routeKey(route)} ${JSON.stringify(target.params)}`;
        expect(res.statusCode, label).toBe(404);
        if (route.method === 'GET') {
          const head = await t.app.inject({
            method: 'HEAD',
            url: fillParams(route, target.params),
            headers: { cookie: attacker.author.cookie },
          });
          expect(head.statusCode, `HEAD ${label}`).toBe(404);
          expect(head.headers['content-disposition'], `HEAD ${label}`).toBeUndefined();
        }
        expect(res.json().success, label).toBe(false);
        expectNothingOfVictim(res.rawPayload, label);
        attempts += 1;
      }
    }
    expect(attempts).toBeGreaterThanOrEqual(Object.keys(AUTHOR_ID_ROUTES).length);
    expect(await victimState()).toEqual(before);
  });

  it('serves the same targets to their owner, so the refusals above are about ownership alone', async () => {
    clock.now = new Date(Date.parse(OPEN_DEADLINES.conferenceEnds) + 24 * 60 * 60_000);
    for (const route of withParams().filter((r) => r.access === 'user' && r.method === 'GET')) {
      const [own] = AUTHOR_ID_ROUTES[routeKey(route)]!(victim, victim);
      const res = await t.app.inject({
        method: 'GET',
        url: fillParams(route, own!.params),
        headers: { cookie: victim.author.cookie },
      });
      expect(res.statusCode, routeKey(route)).toBe(200);
      expect(await shownText(res.rawPayload), `${routeKey(route)} shows the owner the planted marker`).toContain(
        victim.marker,
      );
    }
  });
});

/** An answer's bytes and, for a PDF pdf-lib reads, the text drawn on it (the letters' pages are compressed). */
async function shownText(body: Buffer): Promise<string> {
  const text = body.toString('latin1');
  if (!text.startsWith('%PDF-')) return text;
  try {
    const pdf = await PDFDocument.load(body, { updateMetadata: false });
    return [text, ...pdf.getPages().flatMap((page) => drawnTextOf(page))].join('\n');
  } catch {
    // The uploads under test are minimal PDFs pdf-lib does not read: their bytes carry the marker.
    return text;
  }
}
