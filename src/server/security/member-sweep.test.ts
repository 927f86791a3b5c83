import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@shared/schemas/two-factor.ts';
import { MEMBERS_ONLY } from '@server/plugins/auth.ts';
import { committeeMembers } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { fillParams, registeredRoutes, routeKey } from '@server/test/route-targets.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

type Method = InjectOptions['method'];
type Standing = 'assigned' | 'unassigned' | 'conflicted' | 'removed';

const TITLE = 'Sloshing in partially filled tanks';
const AUTHOR_NAME = 'Ngô Bảo Châu';
/** Bidding is open to every member for every paper they are not conflicted with: no assignment needed. */
const BIDDING = /\/committee\/bids\//;
/** The member's own consent to be named on the public Committee page: no paper in it. */
const LISTING = /\/committee\/listing$/;

describe('every member route, for members assigned, unassigned, conflicted and removed', () => {
  let t: TestApp;
  let admin: TestUser;
  let paperId: string;
  const members = {} as Record<Standing, { account: TestUser; id: string }>;

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    const author = await createTestUser(t.app, { username: AUTHOR_NAME });
    paperId = (
      await createTestPaper(t.app, author, {
        title: TITLE,
        authors: JSON.stringify([{ name: AUTHOR_NAME, affiliation: 'Viện Toán học', address: 'Hà Nội' }]),
      })
    )._id;
    for (const standing of ['assigned', 'unassigned', 'conflicted', 'removed'] as const) {
      const account = await createTestUser(t.app, { username: `Member ${standing}` });
      const [row] = await t.app.ctx.db
        .insert(committeeMembers)
        .values({
          name: `Member ${standing}`,
          email: account.email,
          themes: ['Aerodynamics and Fluid Mechanics'],
          maxPapers: 5,
          status: 'accepted',
          userId: account.user._id,
        })
        .returning();
      members[standing] = { account, id: row!.id };
    }
    const admin_ = (method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url: `${API}${url}`, headers: { cookie: admin.cookie }, payload });
    const assigned = await admin_('POST', '/admin/assignments', {
      paperIds: [paperId],
      memberIds: [members.assigned.id, members.conflicted.id, members.removed.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // The author's response to the reviews, with a revised abstract, for the routes that read it.
    expect(
      (await admin_('PUT', `/admin/papers/${paperId}/status`, { status: 'author_response_awaited' })).statusCode,
    ).toBe(200);
    const revised = multipart({}, [
      { field: 'revisedAbstractPdf', name: `${AUTHOR_NAME}.pdf`, content: pdfBytes('revised') },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/${paperId}/response/revised-abstract`,
      headers: { cookie: author.cookie, ...revised.headers },
      payload: revised.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const responded = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/${paperId}/response/submit`,
      headers: { cookie: author.cookie },
      payload: { text: 'Cảm ơn các phản biện.' },
    });
    expect(responded.statusCode, responded.body).toBe(200);
    // Found in conflict after the assignment, and removed after it: each loses the paper at once.
    expect(
      (
        await admin_('POST', `/admin/papers/${paperId}/conflicts`, {
          memberId: members.conflicted.id,
          note: 'Her co-author',
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin_('POST', `/admin/committee/${members.removed.id}/revoke`)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const memberRoutes = () => registeredRoutes(t.app).filter((route) => route.access === 'member');
  const call = (standing: Standing, route: ReturnType<typeof memberRoutes>[number]) =>
    t.app.inject({
      method: route.method as Method,
      url: fillParams(route, { paperId }),
      headers: { cookie: members[standing].account.cookie },
      ...(route.method === 'GET'
        ? {}
        : {
            payload: BIDDING.test(route.url)
              ? { bid: 'willing' }
              : LISTING.test(route.url)
                ? { listedPublicly: true }
                : { mark: 50, confidence: 3, commentsToAuthors: 'Words.', confidentialComments: '', body: 'Words.' },
          }),
    });
  const nothingOfThePaper = (body: string, label: string) => {
    expect(body.includes(TITLE), `${label} names the paper`).toBe(false);
    expect(body.includes(AUTHOR_NAME), `${label} names its author`).toBe(false);
  };

  it('knows the member routes', () => {
    expect(memberRoutes().map(routeKey).sort()).toEqual(
      [
        'GET /committee/bids',
        'GET /committee/listing',
        'PUT /committee/listing',
        'PUT /committee/bids/:paperId',
        'GET /committee/reviews',
        'GET /committee/reviews/:paperId',
        'GET /committee/reviews/:paperId/abstract',
        'PUT /committee/reviews/:paperId/draft',
        'POST /committee/reviews/:paperId/submit',
        'GET /committee/reviews/:paperId/discussion',
        'POST /committee/reviews/:paperId/discussion',
        'GET /committee/reviews/:paperId/author-response',
        'GET /committee/reviews/:paperId/author-response/abstract',
      ].sort(),
    );
  });

  it('answers an assigned member on every route', async () => {
    for (const route of memberRoutes()) {
      const res = await call('assigned', route);
      expect(res.statusCode, routeKey(route)).toBeLessThan(400);
    }
  });

  it('answers 404 to an unassigned member on every review route, naming nothing; bidding stays open to them', async () => {
    for (const route of memberRoutes().filter((r) => r.url.includes(':paperId'))) {
      const res = await call('unassigned', route);
      if (BIDDING.test(route.url)) expect(res.statusCode, routeKey(route)).toBe(200);
      else {
        expect(res.statusCode, routeKey(route)).toBe(404);
        nothingOfThePaper(res.body, routeKey(route));
      }
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `${API}/committee/reviews`,
      headers: { cookie: members.unassigned.account.cookie },
    });
    nothingOfThePaper(list.body, 'GET /committee/reviews');
  });

  it('answers 404 to a member conflicted since their assignment, on every route, and lists the paper nowhere', async () => {
    for (const route of memberRoutes()) {
      const res = await call('conflicted', route);
      if (route.url.includes(':paperId')) expect(res.statusCode, routeKey(route)).toBe(404);
      else expect(res.statusCode, routeKey(route)).toBe(200);
      nothingOfThePaper(res.body, routeKey(route));
    }
  });

  it('answers 403 to a member removed from the committee, on every route', async () => {
    for (const route of memberRoutes()) {
      const res = await call('removed', route);
      expect(res.statusCode, routeKey(route)).toBe(403);
      expect(res.json()).toEqual({ success: false, message: MEMBERS_ONLY });
    }
  });

  it('with REVIEWER_MFA_REQUIRED, answers 403 with the way to turn it on until the member has two-factor sign-in', async () => {
    const strict = await createTestApp({ conferenceDates: OPEN_DEADLINES, reviewerMfaRequired: true });
    try {
      const withoutCode = await createTestUser(strict.app, { username: 'Member without code' });
      const withCode = await createTestUser(strict.app, { username: 'Member with code', twoFactor: true });
      for (const account of [withoutCode, withCode])
        await strict.app.ctx.db.insert(committeeMembers).values({
          name: account.user.username,
          email: account.email,
          themes: ['Aerodynamics and Fluid Mechanics'],
          maxPapers: 5,
          status: 'accepted',
          userId: account.user._id,
        });
      const bids = (account: TestUser) =>
        strict.app.inject({ method: 'GET', url: `${API}/committee/bids`, headers: { cookie: account.cookie } });
      const refused = await bids(withoutCode);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.memberEnrolmentNeeded);
      expect((await bids(withCode)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
