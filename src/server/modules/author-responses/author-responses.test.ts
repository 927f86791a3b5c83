import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { countWords, RESPONSE_TEXTS } from '@shared/domain/author-responses.ts';
import { DEADLINE_MESSAGES } from '@shared/domain/deadlines.ts';
import type { AuthorResponseView, CommitteeResponse, OrganiserResponses } from '@shared/schemas/author-responses.ts';
import type { PaperReviews } from '@shared/schemas/reviews.ts';
import type { PaperTimelineEntry } from '@shared/schemas/timeline.ts';
import { authorResponses, mailOutbox, notifications } from '@server/db/schema/index.ts';
import { createTestMember, createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { identityTracesIn } from '@server/test/identifying-pdf.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

const PREFLIGHT_FIXTURES = join(import.meta.dirname, '../preflight/fixtures');

const FLUIDS = 'Aerodynamics and Fluid Mechanics';
const REVIEW = {
  mark: 58,
  confidence: 4,
  commentsToAuthors: 'Phần 3 cần một tài liệu tham khảo; please compare with the Strouhal data.',
  confidentialComments: 'Borderline: depends on the answer.',
};

describe('countWords', () => {
  it('counts words in every script, not spaces or punctuation', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  We thank the reviewers.  ')).toBe(4);
    expect(countWords('Дякуємо рецензентам, дуже дякуємо!')).toBe(4);
    expect(countWords('Dziękujemy za uwagi — poprawiliśmy wykres 3.')).toBe(6);
    expect(countWords('Chúng tôi cảm ơn')).toBe(4);
    expect(countWords('हम समीक्षकों का धन्यवाद करते हैं')).toBe(6);
    // Chinese has no spaces: its words are found by the dictionary segmentation, more than one.
    expect(countWords('我们感谢审稿人的意见')).toBeGreaterThan(2);
  });
});

describe('the author response round', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  let stranger: TestUser;
  let reviewer: TestUser;
  let outsider: TestUser;
  let paperId: string;

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    author = await createTestUser(t.app, { username: '王小明' });
    stranger = await createTestUser(t.app, { username: 'Иван Петров' });
    const member = await createTestMember(t.app, { name: 'Trần Thị Thu Hà', themes: [FLUIDS], maxPapers: 5 });
    reviewer = member.account;
    outsider = (await createTestMember(t.app, { name: 'Krzysztof Wójcik', themes: [FLUIDS] })).account;
    const authors = JSON.stringify([{ name: '王小明', affiliation: '清华大学', address: '北京' }]);
    paperId = (await createTestPaper(t.app, author, { title: 'Wake of a flapping foil', theme: FLUIDS, authors }))._id;
    await createTestPaper(t.app, stranger, { title: 'Шум турбулентной струи', theme: FLUIDS });
    const assigned = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/assignments`,
      headers: { cookie: admin.cookie },
      payload: { paperIds: [paperId], memberIds: [member.memberId] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const reviewed = await review(REVIEW);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
  });
  afterAll(() => t.close());

  const review = (body: typeof REVIEW) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/committee/reviews/${paperId}/submit`,
      headers: { cookie: reviewer.cookie },
      payload: body,
    });
  const asAuthor = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path = '', payload?: unknown, who = author) =>
    t.app.inject({
      method,
      url: `${API}/papers/${paperId}/response${path}`,
      headers: { cookie: who.cookie },
      payload: payload as object,
    });
  const viewOf = async (who = author) => {
    const answer = await asAuthor('GET', '', undefined, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().view as AuthorResponseView;
  };
  const organiserView = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${API}/admin/papers/${paperId}/author-responses`,
        headers: { cookie: admin.cookie },
      })
    ).json().responses as OrganiserResponses;
  const setStatus = (status: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paperId}/status`,
      headers: { cookie: admin.cookie },
      payload: { status, review: '' },
    });
  const statusOf = async () =>
    (
      await t.app.inject({ method: 'GET', url: `${API}/admin/papers/${paperId}`, headers: { cookie: admin.cookie } })
    ).json().paper.status as string;
  const upload = (content: Buffer, name = 'revised.pdf', type = 'application/pdf') => {
    const body = multipart({}, [{ field: 'revisedAbstractPdf', name, type, content }]);
    return t.app.inject({
      method: 'POST',
      url: `${API}/papers/${paperId}/response/revised-abstract`,
      headers: { cookie: author.cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const noResponseList = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${API}/admin/papers?response=none`,
        headers: { cookie: admin.cookie },
      })
    )
      .json()
      .papers.map((paper: { _id: string }) => paper._id) as string[];

  it('refuses a response while none is asked for, storing nothing', async () => {
    const answer = await asAuthor('PUT', '/draft', { text: 'Too early.' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(RESPONSE_TEXTS.notAwaited);
    expect(await t.app.ctx.db.select().from(authorResponses)).toEqual([]);
    expect((await viewOf()).awaited).toBe(false);
  });

  it('opens the round with Author Response Awaited: comments shared as Reviewer N, the author told until when', async () => {
    const changed = await setStatus('author_response_awaited');
    expect(changed.statusCode, changed.body).toBe(200);
    const view = await viewOf();
    expect(view).toMatchObject({ awaited: true, open: true, wordLimit: 500, closedMessage: null, response: null });
    expect(view.comments).toEqual([{ label: 'Reviewer 1', comments: REVIEW.commentsToAuthors }]);
    expect(view.deadline?.closesAt).toBe(OPEN_DEADLINES.authorResponseDeadline);
    expect(JSON.stringify(view)).not.toContain('Trần');
    const [notice] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, author.user._id));
    expect(notice?.title).toMatch(/^Please respond to the reviews: /);
    expect(notice?.message).toContain('at most 500 words');
    expect(notice?.message).toContain('31 December 2099');
    const mails = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, author.email));
    expect(mails.map((mail) => mail.subject)).toContainEqual(expect.stringContaining('Please respond to the reviews'));
  });

  it('answers anyone but the paper’s author with 404, organisers included', async () => {
    for (const who of [stranger, admin, reviewer]) {
      expect((await asAuthor('GET', '', undefined, who)).statusCode).toBe(404);
      expect((await asAuthor('PUT', '/draft', { text: 'Mine now.' }, who)).statusCode).toBe(404);
      expect((await asAuthor('POST', '/submit', { text: 'Mine now.' }, who)).statusCode).toBe(404);
    }
    expect(await t.app.ctx.db.select().from(authorResponses)).toEqual([]);
  });

  it('refuses a response over the word limit set on the Deadlines page, storing nothing', async () => {
    const limit = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/settings/deadlines/response-word-limit`,
      headers: { cookie: admin.cookie },
      payload: { wordLimit: 5 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const settings = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/settings/deadlines`,
      headers: { cookie: admin.cookie },
    });
    expect(settings.json().responseWordLimit).toBe(5);
    for (const path of ['/draft', '/submit']) {
      const answer = await asAuthor(path === '/draft' ? 'PUT' : 'POST', path, {
        text: 'Дякуємо за ваші дуже цінні зауваження',
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(RESPONSE_TEXTS.overLimit(5, 6));
    }
    expect(await t.app.ctx.db.select().from(authorResponses)).toEqual([]);
    const zero = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/settings/deadlines/response-word-limit`,
      headers: { cookie: admin.cookie },
      payload: { wordLimit: 0 },
    });
    expect(zero.statusCode).toBe(400);
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/settings/deadlines/response-word-limit`,
      headers: { cookie: admin.cookie },
      payload: { wordLimit: 500 },
    });
  });

  it('saves a draft and a revised abstract, refusing a file that is not a PDF', async () => {
    const saved = await asAuthor('PUT', '/draft', { text: 'Chúng tôi đã thêm tài liệu tham khảo.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().view.response).toMatchObject({ round: 1, state: 'draft', submittedAt: null });

    const notPdf = await upload(Buffer.from('GIF89a not a pdf'), 'revised.pdf');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe(RESPONSE_TEXTS.onlyPdf);

    // The same preflight as every abstract: a PDF that runs JavaScript is refused, nothing kept.
    const withScript = await readFile(join(PREFLIGHT_FIXTURES, 'javascript.pdf'));
    const refused = await upload(withScript, 'revised.pdf');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/JavaScript/);
    expect((await viewOf()).response?.revisedAbstract).toBeNull();

    const document = await PDFDocument.create();
    document.addPage();
    document.setAuthor('Wang Xiaoming');
    document.setTitle('Wake of a flapping foil, Tsinghua University');
    const uploaded = await upload(Buffer.from(await document.save({ useObjectStreams: false })), '王小明-revised.pdf');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().view.response.revisedAbstract.fileName).toBe('王小明-revised.pdf');
    const own = await asAuthor('GET', '/revised-abstract');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');

    // Nothing reaches the committee before the response is submitted.
    const early = await t.app.inject({
      method: 'GET',
      url: `${API}/committee/reviews/${paperId}/author-response`,
      headers: { cookie: reviewer.cookie },
    });
    expect(early.json().response).toBeNull();
  });

  it('submits: the paper returns to Review in Progress, the committee and organisers are told, on the timeline', async () => {
    const submitted = await asAuthor('POST', '/submit', { text: 'Chúng tôi đã thêm tài liệu tham khảo và so sánh.' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().message).toBe(RESPONSE_TEXTS.submitted);
    expect(await statusOf()).toBe('review_in_progress');
    const again = await asAuthor('POST', '/submit', { text: 'Another answer.' });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(RESPONSE_TEXTS.notAwaited);

    const timeline = (
      await t.app.inject({
        method: 'GET',
        url: `${API}/admin/papers/${paperId}/timeline`,
        headers: { cookie: admin.cookie },
      })
    ).json().timeline as PaperTimelineEntry[];
    expect(timeline.map((entry) => entry.action)).toContain('response_submitted');
    const told = await t.app.ctx.db.select().from(notifications);
    expect(told.filter((n) => n.title === RESPONSE_TEXTS.receivedTitle).map((n) => n.recipientId)).toEqual([
      reviewer.user._id,
    ]);
    expect(told.some((n) => n.recipientId === admin.user._id && n.title.startsWith('Response to the reviews'))).toBe(
      true,
    );
  });

  it('shows the committee the response, and in double-blind review a revised abstract without its author', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `${API}/committee/reviews/${paperId}/author-response`,
      headers: { cookie: reviewer.cookie },
    });
    const response = answer.json().response as CommitteeResponse;
    expect(response.text).toBe('Chúng tôi đã thêm tài liệu tham khảo và so sánh.');
    expect(JSON.stringify(answer.json())).not.toContain('王小明');
    expect(response.revisedAbstractUrl).toMatch(/\/author-response\/abstract$/);
    const notAssigned = await t.app.inject({
      method: 'GET',
      url: `${API}/committee/reviews/${paperId}/author-response`,
      headers: { cookie: outsider.cookie },
    });
    expect(notAssigned.statusCode).toBe(404);

    const single = await t.app.inject({
      method: 'GET',
      url: response.revisedAbstractUrl!,
      headers: { cookie: reviewer.cookie },
    });
    expect(identityTracesIn(single.rawPayload, ['Wang Xiaoming'])).not.toEqual([]);
    expect(single.headers['content-disposition']).not.toContain('王小明');
    const mode = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/committee/review-mode`,
      headers: { cookie: admin.cookie },
      payload: { reviewMode: 'double_blind' },
    });
    expect(mode.statusCode, mode.body).toBe(200);
    const blind = await t.app.inject({
      method: 'GET',
      url: response.revisedAbstractUrl!,
      headers: { cookie: reviewer.cookie },
    });
    expect(blind.statusCode).toBe(200);
    expect(blind.rawPayload.toString('latin1').startsWith('%PDF')).toBe(true);
    expect(identityTracesIn(blind.rawPayload, ['Wang Xiaoming', 'Tsinghua'])).toEqual([]);
  });

  it('keeps the mark a member revises after the response in the review’s history, for organisers', async () => {
    const revised = await review({ ...REVIEW, mark: 74 });
    expect(revised.statusCode, revised.body).toBe(200);
    const reviews = (
      await t.app.inject({
        method: 'GET',
        url: `${API}/admin/papers/${paperId}/reviews`,
        headers: { cookie: admin.cookie },
      })
    ).json().reviews as PaperReviews;
    const [only] = reviews.reviews;
    expect(only?.mark).toBe(74);
    expect(only?.earlierMarks).toMatchObject([{ mark: 58, confidence: 4, afterResponse: true }]);
  });

  it('lets an organiser reopen a submitted response; closes it after the deadline, listed as No response', async () => {
    const reopened = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/${paperId}/author-responses/reopen`,
      headers: { cookie: admin.cookie },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((reopened.json().responses as OrganiserResponses).rounds[0]).toMatchObject({ round: 1, state: 'draft' });
    expect(await statusOf()).toBe('author_response_awaited');
    expect((await viewOf()).response).toMatchObject({ round: 1, state: 'draft' });
    expect(await noResponseList()).toEqual([]);
    const told = await t.app.ctx.db.select().from(notifications);
    expect(told.filter((n) => n.title === RESPONSE_TEXTS.reopenedTitle).map((n) => n.recipientId)).toEqual([
      reviewer.user._id,
    ]);

    const passed = '2025-10-30T23:59:59+05:30';
    const dates = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/settings/deadlines`,
      headers: { cookie: admin.cookie },
      payload: { authorResponseDeadline: passed },
    });
    expect(dates.statusCode, dates.body).toBe(200);
    const before = await t.app.ctx.db.select().from(authorResponses);
    for (const [method, path] of [
      ['PUT', '/draft'],
      ['POST', '/submit'],
    ] as const) {
      const late = await asAuthor(method, path, { text: 'Late words.' });
      expect(late.statusCode).toBe(403);
      expect(late.json().message).toBe(DEADLINE_MESSAGES.passed('response', passed));
    }
    expect((await upload(pdfBytes('late'))).statusCode).toBe(403);
    expect(await t.app.ctx.db.select().from(authorResponses)).toEqual(before);
    const view = await viewOf();
    expect(view.open).toBe(false);
    expect(view.closedMessage).toBe('The author response deadline, 30 October 2025 23:59 IST, has passed.');
    expect(await noResponseList()).toEqual([paperId]);

    const extended = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/${paperId}/deadline-extensions`,
      headers: { cookie: admin.cookie },
      payload: { step: 'response', closesAt: '2099-01-01T12:00:00+05:30', reason: 'Travelling.' },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(await noResponseList()).toEqual([]);
    const onTime = await asAuthor('POST', '/submit', { text: 'Second answer, within the extension.' });
    expect(onTime.statusCode, onTime.body).toBe(200);
    expect((await organiserView()).rounds).toMatchObject([
      { round: 1, state: 'submitted', reopenedAt: expect.any(String) },
    ]);
  });

  it('opens a second round when a response is asked for again', async () => {
    await setStatus('author_response_awaited');
    const saved = await asAuthor('PUT', '/draft', { text: 'Round two.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().view.response).toMatchObject({ round: 2, state: 'draft', revisedAbstract: null });
    expect((await organiserView()).rounds.map((round) => round.round)).toEqual([2, 1]);
  });
});
