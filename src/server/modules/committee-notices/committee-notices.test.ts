import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMITTEE_NOTICE_TEXTS, COMMITTEE_NOTICE_TITLES } from '@shared/domain/committee-notices.ts';
import type { NotificationView } from '@shared/schemas/notification.ts';
import { createTestMember, createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import {
  API,
  createTestApp,
  createTestAppWithMail,
  type TestApp,
  type TestAppWithMail,
  uniqueEmail,
} from '@server/test/test-app.ts';

const REVIEW = { mark: 61, confidence: 4, commentsToAuthors: 'Clear and useful.', confidentialComments: '' };

async function noticesOf(t: TestApp, who: TestUser): Promise<NotificationView[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API}/notifications?limit=100`,
    headers: { cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.notifications;
}
const titled = (notices: NotificationView[], title: string) => notices.filter((n) => n.title === title);

describe('a committee member told in the site, on a site without a mail server', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  const member: Record<'first' | 'second' | 'third', { account: TestUser; memberId: string }> = {} as never;
  const paper: Record<'rotor' | 'gap' | 'vortex', string> = {} as never;
  const titles = {
    rotor: 'Rotor wakes in ground effect',
    gap: 'Ciśnienie w szczelinie',
    vortex: 'Вихри за крылом',
  } as const;

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    author = await createTestUser(t.app, { username: 'Chen Xiaoling' });
    paper.rotor = (await createTestPaper(t.app, author, { title: titles.rotor }))._id;
    // One paper per author.
    for (const [key, name] of [
      ['gap', 'Wiesław Żak'],
      ['vortex', 'अनन्या शर्मा'],
    ] as const)
      paper[key] = (
        await createTestPaper(t.app, await createTestUser(t.app, { username: name }), { title: titles[key] })
      )._id;
    for (const [key, name] of [
      ['first', 'Agnieszka Wróblewska'],
      ['second', 'राजेश कुमार अय्यर'],
      ['third', 'Đặng Văn Lâm'],
    ] as const)
      member[key] = await createTestMember(t.app, { name });
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object = {}) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { cookie: admin.cookie }, payload });
  const assign = async (paperIds: string[], memberIds: string[]) =>
    expect((await asAdmin('POST', '/admin/assignments', { paperIds, memberIds })).statusCode).toBe(200);
  const submit = async (who: TestUser, paperId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/committee/reviews/${paperId}/submit`,
      headers: { cookie: who.cookie },
      payload: REVIEW,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const say = async (who: TestUser, paperId: string, body: string, organiser = false) => {
    const res = await t.app.inject({
      method: 'POST',
      url: organiser ? `${API}/admin/papers/${paperId}/discussion` : `${API}/committee/reviews/${paperId}/discussion`,
      headers: { cookie: who.cookie },
      payload: { body },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('tells each member once of the papers assigned, linking to their reviews, not the author’s pages', async () => {
    await assign([paper.rotor, paper.gap], [member.first.memberId, member.second.memberId, member.third.memberId]);
    for (const key of ['first', 'second', 'third'] as const) {
      const [notice, ...more] = titled(await noticesOf(t, member[key].account), COMMITTEE_NOTICE_TITLES.assigned);
      expect(more).toEqual([]);
      expect(notice!.message).toBe(COMMITTEE_NOTICE_TEXTS.assigned([titles.rotor, titles.gap]));
      expect(notice!.link).toEqual({ kind: 'page', label: 'Your reviews', path: '/reviews' });
      expect(notice!.isRead).toBe(false);
    }
    // One paper: the notice leads to its review, and never shows the paper's conference ID.
    await assign([paper.vortex], [member.first.memberId]);
    const single = titled(await noticesOf(t, member.first.account), COMMITTEE_NOTICE_TITLES.assigned)[0]!;
    expect(single.message).toBe(COMMITTEE_NOTICE_TEXTS.assigned([titles.vortex]));
    expect(single.link).toEqual({ kind: 'page', label: 'Open your review', path: `/reviews/${paper.vortex}` });
    expect(single.paperId).toBeNull();
    const count = await t.app.inject({
      method: 'GET',
      url: `${API}/notifications/unread-count`,
      headers: { cookie: member.first.account.cookie },
    });
    expect(count.json().count).toBe(2);
    // The author hears nothing of the assignment.
    expect(titled(await noticesOf(t, author), COMMITTEE_NOTICE_TITLES.assigned)).toEqual([]);
  });

  it('tells a member a paper was taken off their list', async () => {
    const res = await asAdmin('POST', `/admin/papers/${paper.gap}/reviewers/${member.third.memberId}/unassign`);
    expect(res.statusCode, res.body).toBe(200);
    const [notice] = titled(await noticesOf(t, member.third.account), COMMITTEE_NOTICE_TITLES.unassigned);
    expect(notice!.message).toBe(COMMITTEE_NOTICE_TEXTS.unassigned(titles.gap));
    expect(notice!.link).toEqual({ kind: 'page', label: 'Your reviews', path: '/reviews' });
    expect(titled(await noticesOf(t, member.second.account), COMMITTEE_NOTICE_TITLES.unassigned)).toEqual([]);
  });

  it('tells the other reviewers who may read the discussion of a new message, by number, never the writer', async () => {
    await submit(member.first.account, paper.rotor);
    await submit(member.second.account, paper.rotor);
    await say(member.first.account, paper.rotor, 'The baseline worries me.');
    const discussion = (who: TestUser) =>
      noticesOf(t, who).then((notices) => titled(notices, COMMITTEE_NOTICE_TITLES.discussion));
    const [told] = await discussion(member.second.account);
    expect(told!.message).toBe(COMMITTEE_NOTICE_TEXTS.discussion('Reviewer 1', titles.rotor));
    expect(told!.message).not.toContain('Agnieszka');
    expect(told!.link).toEqual({ kind: 'page', label: 'Open your review', path: `/reviews/${paper.rotor}` });
    expect(told!.paperId).toBeNull();
    expect(await discussion(member.first.account)).toEqual([]);
    // Not submitted yet: the discussion is closed to them, and so is its news.
    expect(await discussion(member.third.account)).toEqual([]);

    await say(admin, paper.rotor, 'Please settle the mark.', true);
    expect((await discussion(member.first.account)).map((n) => n.message)).toEqual([
      COMMITTEE_NOTICE_TEXTS.discussion('Organisers', titles.rotor),
    ]);
    expect(await discussion(member.second.account)).toHaveLength(2);

    // Conflicted since: the paper is hidden from them, and so is its discussion.
    const declared = await asAdmin('POST', `/admin/papers/${paper.rotor}/conflicts`, {
      memberId: member.second.memberId,
      note: 'Co-author of the first author',
    });
    expect(declared.statusCode, declared.body).toBe(200);
    await say(admin, paper.rotor, 'One more thing.', true);
    expect(await discussion(member.second.account)).toHaveLength(2);
    expect(await discussion(member.first.account)).toHaveLength(2);
  });

  it('tells the reviewers of a decision on a paper they reviewed, once, and the author as before', async () => {
    const decide = (status: string) =>
      asAdmin('PUT', `/admin/papers/${paper.rotor}/status`, { status, review: 'Dziękujemy za zgłoszenie.' });
    expect((await decide('abstract_accepted')).statusCode).toBe(200);
    const decided = (who: TestUser) =>
      noticesOf(t, who).then((notices) => titled(notices, COMMITTEE_NOTICE_TITLES.decision));
    const [notice, ...more] = await decided(member.first.account);
    expect(more).toEqual([]);
    expect(notice!.message).toBe(COMMITTEE_NOTICE_TEXTS.decision(titles.rotor, 'abstract_accepted'));
    expect(notice!.link).toEqual({ kind: 'page', label: 'Open your review', path: `/reviews/${paper.rotor}` });
    // Conflicted since, or never submitted: not told.
    expect(await decided(member.second.account)).toEqual([]);
    expect(await decided(member.third.account)).toEqual([]);
    // The author keeps their own notice, on their paper.
    const authorNotice = (await noticesOf(t, author)).find((n) => n.paperId?._id === paper.rotor);
    expect(authorNotice).toBeDefined();
    expect(authorNotice!.link).toBeNull();
    expect(titled(await noticesOf(t, author), COMMITTEE_NOTICE_TITLES.decision)).toEqual([]);

    // Comments changed, decision the same: no new notice; taken back into review: none either.
    expect(
      (await asAdmin('PUT', `/admin/papers/${paper.rotor}/status`, { status: 'abstract_accepted', review: 'Updated.' }))
        .statusCode,
    ).toBe(200);
    expect((await decide('review_in_progress')).statusCode).toBe(200);
    expect(await decided(member.first.account)).toHaveLength(1);
  });
});

describe('a committee member’s welcome', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestAppWithMail({ publicUrl: 'https://conference.example' });
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  async function invitationToken(email: string): Promise<string> {
    const invited = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/committee/invitations`,
      headers: { cookie: admin.cookie },
      payload: { name: 'Олена Коваленко', email, themes: ['Aerodynamics and Fluid Mechanics'], maxPapers: 4, note: '' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const link = /committee-invitation\/([A-Za-z0-9_-]+)/;
    for (let i = 0; i < 100 && !t.smtp.inbox.some((mail) => mail.to[0] === email); i += 1)
      await new Promise((r) => setTimeout(r, 50));
    return link.exec(t.smtp.inbox.find((mail) => mail.to[0] === email)!.raw)![1]!;
  }

  it('is in the site once the invitation is accepted, by a new account or a signed-in one', async () => {
    const email = uniqueEmail('reviewer');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `${API}/committee/invitations/${await invitationToken(email)}/accept`,
      payload: { password: 'a long shell theory passphrase' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cookie = accepted.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const [welcome] = titled(await noticesOf(t, { cookie } as TestUser), COMMITTEE_NOTICE_TITLES.welcome);
    expect(welcome!.message).toBe(COMMITTEE_NOTICE_TEXTS.welcome);
    expect(welcome!.link).toEqual({ kind: 'page', label: 'Your reviews', path: '/reviews' });

    const existing = await createTestUser(t.app, { username: 'Tomasz Żółkiewski' });
    const token = await invitationToken(existing.email);
    expect(titled(await noticesOf(t, existing), COMMITTEE_NOTICE_TITLES.welcome)).toEqual([]);
    const byAccount = await t.app.inject({
      method: 'POST',
      url: `${API}/committee/invitations/${token}/accept`,
      headers: { cookie: existing.cookie },
      payload: {},
    });
    expect(byAccount.statusCode, byAccount.body).toBe(200);
    expect(titled(await noticesOf(t, existing), COMMITTEE_NOTICE_TITLES.welcome)).toHaveLength(1);
  });
});
