import type { InjectOptions } from 'fastify';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MODE_TEXTS } from '@shared/domain/review-mode.ts';
import { committeeMembers } from '@server/db/schema/index.ts';
import { createTestUser, type TestUser } from '@server/test/factories.ts';
import {
  abstractNamingItsAuthors,
  type AuthorIdentity,
  identifyingTexts,
  identityTracesIn,
} from '@server/test/identifying-pdf.ts';
import { multipart } from '@server/test/multipart.ts';
import { drawnTextOf } from '@server/test/pdf-drawn-text.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { fillParams, isStreamRoute, registeredRoutes, routeKey } from '@server/test/route-targets.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';

type Method = InjectOptions['method'];

const AUTHOR = { name: 'Zbigniew Brzęczyszczykiewicz', affiliation: 'Uniwersytet Jagielloński' };
const CO_AUTHOR = { name: 'Nguyễn Thị Bích Ngọc', affiliation: 'Đại học Huế' };
const FILE_NAME = 'brzeczyszczykiewicz-ictacem-abstract.pdf';

const OTHER_CO_AUTHORS = [
  { name: '王晓明', affiliation: '清华大学', address: '北京' },
  { name: 'Анна Кузнецова', affiliation: 'Московский государственный университет', address: 'Москва' },
  { name: 'अनन्या शर्मा', affiliation: 'भारतीय प्रौद्योगिकी संस्थान खड़गपुर', address: 'खड़गपुर' },
];
const PAGE_TEXT = 'Fatigue of additively manufactured lattices';

describe('double-blind review: nothing a member receives names the authors', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  let author: TestUser;
  let reviewer: TestUser;
  let paperId: string;
  let secrets: string[];

  beforeAll(async () => {
    t = await createTestAppWithMail({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    author = await createTestUser(t.app, { username: AUTHOR.name, email: `zbigniew.b.${Date.now()}@uj.edu.pl` });
    reviewer = await createTestUser(t.app, { username: 'Reviewer Account', email: `rev.${Date.now()}@example.org` });
    const [member] = await t.app.ctx.db
      .insert(committeeMembers)
      .values({
        name: 'Reviewer Account',
        email: reviewer.email,
        themes: ['Solid Mechanics and Dynamics'],
        maxPapers: 5,
        status: 'accepted',
        userId: reviewer.user._id,
      })
      .returning();
    const everyAuthor = [AUTHOR, CO_AUTHOR, ...OTHER_CO_AUTHORS];
    const identity: AuthorIdentity = {
      names: everyAuthor.map((one) => one.name),
      affiliations: everyAuthor.map((one) => one.affiliation),
      emails: [author.email],
      ictacemIds: [author.user.customUserId],
      fileName: FILE_NAME,
    };
    const body = multipart(
      {
        title: 'Fatigue of additively manufactured lattices',
        theme: 'Solid Mechanics and Dynamics',
        modeOfPresentation: 'Oral',
        authors: JSON.stringify([
          { ...AUTHOR, address: 'Kraków' },
          { ...CO_AUTHOR, address: 'Huế' },
          ...OTHER_CO_AUTHORS,
        ]),
      },
      [{ field: 'paperPdf', name: FILE_NAME, content: await abstractNamingItsAuthors(identity, PAGE_TEXT) }],
    );
    const submitted = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/submit`,
      headers: { ...body.headers, cookie: author.cookie },
      payload: body.payload,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    paperId = submitted.json().paper._id;
    const assigned = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/assignments`,
      headers: { cookie: admin.cookie },
      payload: { paperIds: [paperId], memberIds: [member!.id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // The author responds to the reviews with a revised abstract that names them, under their file name.
    const asked = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paperId}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'author_response_awaited', review: '' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const revised = multipart({}, [
      { field: 'revisedAbstractPdf', name: FILE_NAME, content: await abstractNamingItsAuthors(identity, PAGE_TEXT) },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/${paperId}/response/revised-abstract`,
      headers: { ...revised.headers, cookie: author.cookie },
      payload: revised.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const responded = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/${paperId}/response/submit`,
      headers: { cookie: author.cookie },
      payload: { text: 'We added the missing reference and a comparison with the lattice data.' },
    });
    expect(responded.statusCode, responded.body).toBe(200);
    secrets = [...identifyingTexts(identity), 'Brzęczyszczykiewicz', 'Brzeczyszczykiewicz', 'Jagielloński'];
  });
  afterAll(() => t.close());

  const setMode = (reviewMode: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${API}/admin/committee/review-mode`,
      headers: { cookie: admin.cookie },
      payload: { reviewMode },
    });

  /** Every answer the member can get: each member route, and every page-level GET of a signed-in account. */
  async function everythingTheMemberReceives() {
    const answers: { label: string; body: Buffer; type: string }[] = [];
    const bodies: Record<string, unknown> = {
      PUT: { mark: 60, confidence: 3, commentsToAuthors: 'Draft words.', confidentialComments: '' },
      POST: { mark: 61, confidence: 3, commentsToAuthors: 'Submitted words.', confidentialComments: '' },
    };
    const routes = registeredRoutes(t.app).filter(
      (route) =>
        route.access === 'member' ||
        ((route.access === 'user' || route.access === 'public') &&
          route.method === 'GET' &&
          !route.url.includes(':') &&
          !isStreamRoute(route)),
    );
    expect(routes.filter((route) => route.access === 'member').length).toBeGreaterThanOrEqual(6);
    for (const route of routes) {
      const url = fillParams(route, { paperId });
      const payload = route.url.endsWith('/bids/:paperId')
        ? { bid: 'eager' }
        : route.url.endsWith('/draft')
          ? bodies.PUT
          : bodies[route.method];
      const res = await t.app.inject({
        method: route.method as Method,
        url,
        headers: { cookie: reviewer.cookie },
        ...(route.method === 'GET' ? {} : { payload: payload as object }),
      });
      answers.push({ label: routeKey(route), body: res.rawPayload, type: String(res.headers['content-type'] ?? '') });
      if (route.url.endsWith('/abstract')) {
        expect(res.statusCode, routeKey(route)).toBe(200);
        answers.push({
          label: 'Content-Disposition',
          body: Buffer.from(String(res.headers['content-disposition'])),
          type: 'text',
        });
      }
    }
    return answers;
  }

  it('in single-blind review the member does see the authors (the check below can fail)', async () => {
    expect((await setMode('single_blind')).statusCode).toBe(200);
    const sheet = await t.app.inject({
      method: 'GET',
      url: `${API}/committee/reviews/${paperId}`,
      headers: { cookie: reviewer.cookie },
    });
    expect(sheet.body).toContain(AUTHOR.affiliation);
  });

  it('in double-blind review no answer, header, e-mail or PDF document information carries a name, e-mail, affiliation, ID or file name', async () => {
    const saved = await setMode('double_blind');
    expect(saved.json()).toMatchObject({
      reviewMode: 'double_blind',
      message: REVIEW_MODE_TEXTS.saved('double_blind'),
    });
    const answers = await everythingTheMemberReceives();
    expect(answers.length).toBeGreaterThan(10);
    // Searched also inside every compressed stream of the PDF, in UTF-16 and as hex strings.
    for (const { label, body } of answers) expect(identityTracesIn(body, secrets), label).toEqual([]);
    const pdf = answers.find((answer) => answer.type === 'application/pdf')!;
    const copy = await PDFDocument.load(pdf.body, { updateMetadata: false });
    expect([
      copy.getTitle(),
      copy.getAuthor(),
      copy.getSubject(),
      copy.getKeywords(),
      copy.getCreator(),
      copy.getProducer(),
    ]).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(copy.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
    expect(copy.getPageCount()).toBe(1);
    expect(drawnTextOf(copy.getPage(0))).toEqual([PAGE_TEXT]);

    // The assignment's e-mail names the paper only.
    const mailsToMember = () => t.smtp.inbox.filter((mail) => mail.to[0] === reviewer.email);
    for (let i = 0; i < 100 && mailsToMember().length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    const mails = mailsToMember();
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails)
      for (const secret of secrets) expect(mail.raw.includes(secret), `the e-mail carries “${secret}”`).toBe(false);
  });

  it('refuses a mode that does not exist, and lets only an organiser set it', async () => {
    const wrong = await setMode('triple_blind');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(REVIEW_MODE_TEXTS.invalid);
    const byMember = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/committee/review-mode`,
      headers: { cookie: reviewer.cookie },
      payload: { reviewMode: 'single_blind' },
    });
    expect(byMember.statusCode).toBe(403);
    const read = await t.app.inject({ method: 'GET', url: `${API}/settings/review-mode` });
    expect(read.json()).toEqual({ success: true, reviewMode: 'double_blind' });
  });
});
