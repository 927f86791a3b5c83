import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMITTEE_TEXTS } from '@shared/domain/committee.ts';
import { committeeMembers, users } from '@server/db/schema/index.ts';
import { hashToken } from '@server/lib/tokens.ts';
import { createTestUser, type TestUser } from '@server/test/factories.ts';
import {
  API,
  createTestAppWithMail,
  sessionCookieOf,
  type TestAppWithMail,
  uniqueEmail,
} from '@server/test/test-app.ts';
import { answerInvitation } from './committee.repository.ts';

const INVITATION_SUBJECT = 'Subject: ICTACEM 2025: invitation to the programme committee';

describe('the programme committee, by invitation', () => {
  let t: TestAppWithMail;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestAppWithMail({ publicUrl: 'https://conference.example' });
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterEach(() => {
    t.smtp.inbox.length = 0;
  });
  afterAll(() => t.close());

  const invite = (body: Record<string, unknown>, cookie = admin.cookie) =>
    t.app.inject({ method: 'POST', url: `${API}/admin/committee/invitations`, headers: { cookie }, payload: body });
  const reviewer = (overrides: Record<string, unknown> = {}) => ({
    name: 'Zofia Łukasiewicz-Wąsowska',
    email: uniqueEmail('reviewer'),
    themes: ['Solid Mechanics and Dynamics', 'Aerodynamics and Fluid Mechanics'],
    maxPapers: 8,
    note: 'Your work on shells would help us greatly.',
    ...overrides,
  });

  /** The invitation mails sent to `email` so far, waiting for `count` of them. */
  async function invitationMailsTo(email: string, count = 1) {
    const mails = () => t.smtp.inbox.filter((mail) => mail.raw.includes(INVITATION_SUBJECT) && mail.to[0] === email);
    for (let i = 0; i < 100 && mails().length < count; i += 1) await new Promise((r) => setTimeout(r, 50));
    return mails();
  }
  const tokenIn = (raw: string) => {
    const match = /https:\/\/conference\.example\/ictacem2025\/committee-invitation\/([A-Za-z0-9_-]+)/.exec(raw);
    if (!match) throw new Error(`no invitation link in mail:\n${raw}`);
    return match[1]!;
  };
  const open = (token: string) => t.app.inject({ method: 'GET', url: `${API}/committee/invitations/${token}` });
  const accept = (token: string, body: Record<string, unknown> = {}, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/committee/invitations/${token}/accept`,
      headers: cookie ? { cookie } : {},
      payload: body,
    });
  const decline = (token: string, reason = '') =>
    t.app.inject({ method: 'POST', url: `${API}/committee/invitations/${token}/decline`, payload: { reason } });
  const memberRow = async (email: string) =>
    (await t.app.ctx.db.select().from(committeeMembers).where(eq(committeeMembers.email, email)))[0]!;

  it('mails a single-use link with the themes and note; a new person accepts, gets an account and is signed in', async () => {
    const body = reviewer();
    const invited = await invite(body);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      message: COMMITTEE_TEXTS.invitationSent(body.email),
      member: { name: body.name, email: body.email, status: 'invited', maxPapers: 8, userId: null },
    });
    // Themes in the conference's order, whatever order they were ticked in.
    expect(invited.json().member.themes).toEqual(['Aerodynamics and Fluid Mechanics', 'Solid Mechanics and Dynamics']);

    const [mail] = await invitationMailsTo(body.email);
    expect(mail!.raw).toContain('Zofia'); // The name, however the mail encodes its Polish letters.
    expect(mail!.raw).toContain('Your work on shells would help us greatly.');
    expect(mail!.raw).toContain('at most 8 papers');
    const token = tokenIn(mail!.raw);
    // Only the token's hash is stored.
    expect(JSON.stringify(await memberRow(body.email))).not.toContain(token);

    const view = await open(token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().invitation).toMatchObject({ name: body.name, email: body.email, accountExists: false });

    const weak = await accept(token, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    const noPassword = await accept(token, {});
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe(COMMITTEE_TEXTS.passwordRequired);

    const accepted = await accept(token, { password: 'a long shell theory passphrase' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ success: true, message: COMMITTEE_TEXTS.accepted, signedIn: true });
    const session = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/profile`,
      headers: { cookie: sessionCookieOf(accepted) },
    });
    expect(session.json().user).toMatchObject({ email: body.email, username: body.name, role: 'author' });

    const row = await memberRow(body.email);
    expect(row.status).toBe('accepted');
    expect(row.userId).toBe(session.json().user._id);

    // The link worked once: a second click, and the page afterwards, say it was answered.
    const again = await accept(token, { password: 'a long shell theory passphrase' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMMITTEE_TEXTS.linkAnswered);
    expect((await open(token)).json().message).toBe(COMMITTEE_TEXTS.linkAnswered);
    // A member cannot be invited again.
    const twice = await invite(reviewer({ email: body.email }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(COMMITTEE_TEXTS.alreadyMember);
  });

  it('an existing account accepts signed in as itself, never as another; no second account is made', async () => {
    const author = await createTestUser(t.app, { username: 'Nguyễn Thị Minh Khai' });
    const stranger = await createTestUser(t.app);
    expect((await invite(reviewer({ email: author.email, name: 'Nguyễn Thị Minh Khai' }))).statusCode).toBe(201);
    const token = tokenIn((await invitationMailsTo(author.email))[0]!.raw);
    expect((await open(token)).json().invitation.accountExists).toBe(true);

    const signedOut = await accept(token, { password: 'a long shell theory passphrase' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(COMMITTEE_TEXTS.signInToAccept(author.email));
    const forwarded = await accept(token, {}, stranger.cookie);
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json().message).toBe(COMMITTEE_TEXTS.wrongAccount(author.email));
    expect((await memberRow(author.email)).status).toBe('invited');

    const accepted = await accept(token, {}, author.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().signedIn).toBe(false);
    expect((await memberRow(author.email)).userId).toBe(author.user._id);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, author.email))).toHaveLength(1);
  });

  it('a declined invitation keeps its reason and can be sent again with a new link; the old one is void', async () => {
    const body = reviewer({ name: 'Александр Соколов' });
    await invite(body);
    const first = tokenIn((await invitationMailsTo(body.email))[0]!.raw);
    const declined = await decline(first, 'I am on leave until March.');
    expect(declined.json()).toEqual({ success: true, message: COMMITTEE_TEXTS.declined, signedIn: false });
    expect(await memberRow(body.email)).toMatchObject({
      status: 'declined',
      declineReason: 'I am on leave until March.',
    });
    expect((await decline(first)).json().message).toBe(COMMITTEE_TEXTS.linkAnswered);

    const again = await invite(body);
    expect(again.statusCode).toBe(201);
    expect(again.json().member).toMatchObject({ status: 'invited', declineReason: '' });
    const second = tokenIn((await invitationMailsTo(body.email, 2))[1]!.raw);
    expect((await open(first)).statusCode).toBe(404);
    expect((await open(second)).statusCode).toBe(200);
  });

  it('resends a waiting invitation with a fresh link, withdraws it, and removes a member', async () => {
    const body = reviewer({ name: 'अनन्या वर्मा' });
    const { member } = (await invite(body)).json();
    const first = tokenIn((await invitationMailsTo(body.email))[0]!.raw);
    const resent = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/committee/${member._id}/resend`,
      headers: { cookie: admin.cookie },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe(COMMITTEE_TEXTS.invitationResent(body.email));
    const second = tokenIn((await invitationMailsTo(body.email, 2))[1]!.raw);
    expect(second).not.toBe(first);
    expect((await open(first)).json().message).toBe(COMMITTEE_TEXTS.linkInvalid);

    const revoke = () =>
      t.app.inject({
        method: 'POST',
        url: `${API}/admin/committee/${member._id}/revoke`,
        headers: { cookie: admin.cookie },
      });
    const withdrawn = await revoke();
    expect(withdrawn.json()).toMatchObject({
      message: COMMITTEE_TEXTS.invitationRevoked,
      member: { status: 'revoked' },
    });
    const afterwards = await accept(second, { password: 'a long shell theory passphrase' });
    expect(afterwards.statusCode).toBe(409);
    expect(afterwards.json().message).toBe(COMMITTEE_TEXTS.linkRevoked);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    expect((await revoke()).statusCode).toBe(409);
    const resendRevoked = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/committee/${member._id}/resend`,
      headers: { cookie: admin.cookie },
    });
    expect(resendRevoked.json().message).toBe(COMMITTEE_TEXTS.onlyWaitingResent);

    // A member who accepted is removed the same way.
    const joined = reviewer();
    const { member: joiner } = (await invite(joined)).json();
    await accept(tokenIn((await invitationMailsTo(joined.email))[0]!.raw), {
      password: 'a long shell theory passphrase',
    });
    const removed = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/committee/${joiner._id}/revoke`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.json()).toMatchObject({ message: COMMITTEE_TEXTS.memberRemoved, member: { status: 'revoked' } });

    const list = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/committee`,
      headers: { cookie: admin.cookie },
    });
    expect(list.json().members.map((m: { email: string }) => m.email)).toEqual(
      expect.arrayContaining([body.email, joined.email]),
    );
  });

  it("two clicks at once on a new person's link make one account and one member; the other is told", async () => {
    const body = reviewer({ name: 'Trần Văn Bình' });
    await invite(body);
    const token = tokenIn((await invitationMailsTo(body.email))[0]!.raw);
    const stranger = await createTestUser(t.app);
    const elsewhere = await accept(token, { password: 'a long shell theory passphrase' }, stranger.cookie);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(COMMITTEE_TEXTS.wrongAccount(body.email));

    const answers = await Promise.all([
      accept(token, { password: 'a long shell theory passphrase' }),
      accept(token, { password: 'a long shell theory passphrase' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().message).toBe(COMMITTEE_TEXTS.linkAnswered);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(1);
  });

  it('a link withdrawn while its account was being made leaves no account behind', async () => {
    const body = reviewer();
    const { member } = (await invite(body)).json();
    const token = tokenIn((await invitationMailsTo(body.email))[0]!.raw);
    // The withdrawal lands between the page's check and the acceptance's transaction.
    const [accepted] = await Promise.all([
      accept(token, { password: 'a long shell theory passphrase' }),
      t.app.inject({
        method: 'POST',
        url: `${API}/admin/committee/${member._id}/revoke`,
        headers: { cookie: admin.cookie },
      }),
    ]);
    const row = await memberRow(body.email);
    const accounts = await t.app.ctx.db.select().from(users).where(eq(users.email, body.email));
    if (accepted.statusCode === 200) {
      // The acceptance went first: a member, then removed; the account is theirs.
      expect(row.userId).toBe(accounts[0]!.id);
    } else {
      expect(accepted.json().message).toBe(COMMITTEE_TEXTS.linkRevoked);
      expect(accounts).toHaveLength(0);
      expect(row.userId).toBeNull();
    }
    expect(row.status).toBe('revoked');
  });

  it('a removed member invited again starts afresh: no account linked, no answer date', async () => {
    const body = reviewer();
    const { member } = (await invite(body)).json();
    await accept(tokenIn((await invitationMailsTo(body.email))[0]!.raw), {
      password: 'a long shell theory passphrase',
    });
    await t.app.inject({
      method: 'POST',
      url: `${API}/admin/committee/${member._id}/revoke`,
      headers: { cookie: admin.cookie },
    });
    const again = await invite(body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().member).toMatchObject({ status: 'invited', userId: null, respondedAt: null });
  });

  it('answers an invitation only while it waits and its link is valid, whoever checked it before', async () => {
    const body = reviewer();
    await invite(body);
    const token = tokenIn((await invitationMailsTo(body.email))[0]!.raw);
    const { db } = t.app.ctx;
    const setRow = (values: Partial<typeof committeeMembers.$inferInsert>) =>
      db.update(committeeMembers).set(values).where(eq(committeeMembers.email, body.email));
    const answer = () => answerInvitation(db, hashToken(token), { status: 'declined', declineReason: 'late' });

    await setRow({ status: 'revoked' });
    expect(await answer()).toBeUndefined();
    await setRow({ status: 'invited', invitationExpiresAt: new Date(Date.now() - 1000) });
    expect(await answer()).toBeUndefined();
    expect(await memberRow(body.email)).toMatchObject({ status: 'invited', declineReason: '', respondedAt: null });
    await setRow({ invitationExpiresAt: new Date(Date.now() + 60_000) });
    expect(await answer()).toMatchObject({ status: 'declined', declineReason: 'late' });
    expect(await answer()).toBeUndefined();
  });

  it('an expired link changes nothing and says so', async () => {
    const body = reviewer();
    await invite(body);
    const token = tokenIn((await invitationMailsTo(body.email))[0]!.raw);
    await t.app.ctx.db
      .update(committeeMembers)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(committeeMembers.email, body.email));
    for (const res of [await open(token), await accept(token, { password: 'a long shell theory passphrase' })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(COMMITTEE_TEXTS.linkExpired);
    }
    expect((await memberRow(body.email)).status).toBe('invited');
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it('refuses bad invitations with what is wrong, and a second invitation of a waiting address', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [reviewer({ themes: [] }), COMMITTEE_TEXTS.themesRequired],
      [reviewer({ themes: ['Astrology'] }), 'Themes'],
      [reviewer({ maxPapers: 0 }), COMMITTEE_TEXTS.maxPapersInvalid],
      [reviewer({ maxPapers: '3' }), COMMITTEE_TEXTS.maxPapersInvalid],
      [reviewer({ maxPapers: 2.5 }), COMMITTEE_TEXTS.maxPapersInvalid],
      [reviewer({ name: '   ' }), COMMITTEE_TEXTS.nameRequired],
      [reviewer({ note: 'x'.repeat(2001) }), COMMITTEE_TEXTS.noteTooLong],
      [reviewer({ email: 'not an address' }), 'email'],
    ];
    for (const [body, message] of cases) {
      const res = await invite(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message.toLowerCase()).toContain(message.toLowerCase());
    }
    const body = reviewer();
    expect((await invite(body)).statusCode).toBe(201);
    const twice = await invite({ ...body, email: body.email.toUpperCase() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(COMMITTEE_TEXTS.alreadyInvited);
  });
  it('names on the public Committee page only the members who ticked it on accepting, while they are members', async () => {
    const publicList = async () => {
      const res = await t.app.inject({ method: 'GET', url: `${API}/committee/public` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().members as { name: string; affiliation: string }[];
    };
    const joinAs = async (overrides: Record<string, unknown>, listPublicly?: boolean) => {
      const body = reviewer(overrides);
      const { member } = (await invite(body)).json();
      const token = tokenIn((await invitationMailsTo(body.email))[0]!.raw);
      const accepted = await accept(token, {
        password: 'a long shell theory passphrase',
        ...(listPublicly === undefined ? {} : { listPublicly }),
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      return member as { _id: string };
    };
    await joinAs({ name: '王芳', affiliation: '清华大学' }, true);
    await joinAs({ name: 'Дмитрий Иванов', affiliation: 'МГУ' }, true);
    const removedLater = await joinAs({ name: 'प्रिया शर्मा', affiliation: 'IIT' }, true);
    await joinAs({ name: 'Łukasz Wróbel', affiliation: 'Politechnika Łódzka' }, false);
    await joinAs({ name: 'Trần Văn Nam', affiliation: 'ĐHBK Hà Nội' });
    // An existing account accepts signed in, ticking it.
    const author = await createTestUser(t.app);
    const invited = reviewer({ email: author.email, name: 'Nguyễn Thị Lan', affiliation: 'Đại học Huế' });
    await invite(invited);
    const signedInAccept = await accept(
      tokenIn((await invitationMailsTo(author.email))[0]!.raw),
      { listPublicly: true },
      author.cookie,
    );
    expect(signedInAccept.statusCode, signedInAccept.body).toBe(200);

    const names = (await publicList()).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['王芳', 'Дмитрий Иванов', 'प्रिया शर्मा', 'Nguyễn Thị Lan']));
    expect(names).toHaveLength(4);
    expect(await publicList()).toContainEqual({ name: '王芳', affiliation: '清华大学' });
    // Nothing else of a member is public.
    expect(Object.keys((await publicList())[0]!).sort()).toEqual(['affiliation', 'name']);

    const removed = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/committee/${removedLater._id}/revoke`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await publicList()).map((m) => m.name)).not.toContain('प्रिया शर्मा');
    // Removal takes the consent with it: invited again, the member is asked again.
    expect((await memberRow(removed.json().member.email)).listedPublicly).toBe(false);
  });

  it('lets a member withdraw or give their consent to be named later, their own only; the public page follows', async () => {
    const publicNames = async () =>
      (
        (await t.app.inject({ method: 'GET', url: `${API}/committee/public` })).json().members as { name: string }[]
      ).map((m) => m.name);
    const listing = (cookie: string, listedPublicly?: boolean, extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: listedPublicly === undefined ? 'GET' : 'PUT',
        url: `${API}/committee/listing`,
        headers: { cookie },
        ...(listedPublicly === undefined ? {} : { payload: { listedPublicly, ...extra } }),
      });
    const join = async (name: string, affiliation: string, listPublicly: boolean) => {
      const account = await createTestUser(t.app, { username: name });
      expect((await invite(reviewer({ email: account.email, name, affiliation }))).statusCode).toBe(201);
      const token = tokenIn((await invitationMailsTo(account.email))[0]!.raw);
      const accepted = await accept(token, { listPublicly }, account.cookie);
      expect(accepted.statusCode, accepted.body).toBe(200);
      return account;
    };
    const olena = await join('Олена Коваленко', 'КПІ ім. Ігоря Сікорського', true);
    const marek = await join('Marek Żółkiewski', 'Politechnika Warszawska', false);
    expect(await publicNames()).toContain('Олена Коваленко');
    expect(await publicNames()).not.toContain('Marek Żółkiewski');
    const read = await listing(olena.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().listing).toEqual({
      listedPublicly: true,
      name: 'Олена Коваленко',
      affiliation: 'КПІ ім. Ігоря Сікорського',
    });

    // Withdrawn: gone from the page at its next request.
    const withdrawn = await listing(olena.cookie, false);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      message: COMMITTEE_TEXTS.unlistedNow,
      listing: { listedPublicly: false },
    });
    expect(await publicNames()).not.toContain('Олена Коваленко');
    // Given later by the member who left it unticked on accepting.
    expect((await listing(marek.cookie, true)).json().message).toBe(COMMITTEE_TEXTS.listedNow);
    expect(await publicNames()).toContain('Marek Żółkiewski');
    expect((await listing(olena.cookie, true)).statusCode).toBe(200);

    // No one else changes it: not an account outside the committee, not an organiser, not a
    // signed-out visitor, and a member naming another member's row changes only their own.
    const outsider = await createTestUser(t.app, { username: 'Nguyễn Văn An' });
    for (const cookie of [outsider.cookie, admin.cookie]) {
      const refused = await listing(cookie, false);
      expect(refused.statusCode, refused.body).toBe(403);
      expect((await listing(cookie)).statusCode).toBe(403);
    }
    const signedOut = await t.app.inject({
      method: 'PUT',
      url: `${API}/committee/listing`,
      payload: { listedPublicly: false },
    });
    expect(signedOut.statusCode).toBe(401);
    const olenaRow = await memberRow(olena.email);
    const smuggled = await listing(marek.cookie, false, { memberId: olenaRow.id, userId: olena.user._id });
    expect(smuggled.statusCode, smuggled.body).toBe(200);
    expect((await memberRow(olena.email)).listedPublicly).toBe(true);
    expect((await memberRow(marek.email)).listedPublicly).toBe(false);
    expect(await publicNames()).toContain('Олена Коваленко');
    expect(await publicNames()).not.toContain('Marek Żółkiewski');

    // A member removed from the committee changes nothing any more.
    const revoked = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/committee/${olenaRow.id}/revoke`,
      headers: { cookie: admin.cookie },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await listing(olena.cookie, true)).statusCode).toBe(403);
    expect(await publicNames()).not.toContain('Олена Коваленко');
  });

  it('shows the invitee, before they answer, the name and affiliation the public page would show', async () => {
    const body = reviewer({ name: 'Zofia Wąsowska', affiliation: 'Politechnika Łódzka' });
    await invite(body);
    const shown = await open(tokenIn((await invitationMailsTo(body.email))[0]!.raw));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().invitation).toMatchObject({ name: 'Zofia Wąsowska', affiliation: 'Politechnika Łódzka' });
  });
});
