import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_KEYS, MAIL_TEMPLATE_TEXTS, MAIL_TEMPLATES } from '@shared/domain/mail-templates.ts';
import { mailOutbox, mailTemplateChanges, mailTemplates, notifications } from '@server/db/schema/index.ts';
import {
  createTestMember,
  createTestPaper,
  createTestUser,
  type TestMember,
  type TestUser,
} from '@server/test/factories.ts';
import { multipart } from '@server/test/multipart.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';

const DECISION = '/admin/mail-templates/decision_accepted';

describe('the site’s own e-mails as templates', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  let author: TestUser;
  let member: TestMember;
  let paper: { _id: string; ictacemId: string; title: string };

  beforeAll(async () => {
    t = await createTestAppWithMail();
    admin = await createTestUser(t.app, { role: 'admin', username: 'Zofia Łukasiewicz' });
    author = await createTestUser(t.app, { username: 'Nguyễn Thị Lan' });
    paper = await createTestPaper(t.app, author, { title: 'Течение в стратифицированных слоях' });
    member = await createTestMember(t.app, { name: 'अनन्या शर्मा' });
  });
  afterAll(() => t.close());

  function call(user: TestUser | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({ method, url: `${API}${url}`, headers: user ? { cookie: user.cookie } : {}, payload });
  }
  const db = () => t.app.ctx.db;
  const decide = (paperId: string, status: string, review = '') =>
    call(admin, 'PUT', `/admin/papers/${paperId}/status`, { status, review });
  const outboxOf = (address: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

  it('is for admins only: others are refused before anything is read', async () => {
    for (const [method, url, payload] of [
      ['GET', '/admin/mail-templates', undefined],
      ['GET', DECISION, undefined],
      ['PUT', DECISION, { subject: 'x', body: 'y' }],
      ['DELETE', DECISION, undefined],
      ['POST', `${DECISION}/preview`, { subject: 'x', body: 'y' }],
    ] as const) {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
      expect((await call(author, method, url, payload)).statusCode).toBe(403);
      expect((await call(member.account, method, url, payload)).statusCode).toBe(403);
    }
    expect(await db().select().from(mailTemplateChanges)).toEqual([]);
  });

  it('lists every template with its default text and placeholders; security e-mails are not among them', async () => {
    const res = await call(admin, 'GET', '/admin/mail-templates');
    expect(res.statusCode, res.body).toBe(200);
    const templates = res.json().templates as { key: string; kind: string; edited: boolean; subject: string }[];
    expect(templates.map((template) => template.key)).toEqual(MAIL_TEMPLATE_KEYS);
    expect(templates.some((template) => template.kind === 'security')).toBe(false);
    expect(templates.every((template) => !template.edited)).toBe(true);
    const invitation = (await call(admin, 'GET', '/admin/mail-templates/committee_invitation')).json().template;
    expect(invitation.placeholders).toContainEqual({
      name: 'link',
      description: expect.stringContaining('invitation link'),
      required: true,
    });
    expect((await call(admin, 'GET', '/admin/mail-templates/password_reset')).statusCode).toBe(404);
  });

  it('refuses, naming it, an unknown or missing placeholder, an empty or two-line subject and a long body; nothing is saved', async () => {
    const refusals: [string, { subject: string; body: string }, string][] = [
      [DECISION, { subject: 'Accepted', body: 'Your payment ID is {paymentId}.' }, 'Unknown placeholder {paymentId}.'],
      [DECISION, { subject: 'Accepted {titel}', body: 'Hello' }, 'Unknown placeholder {titel}.'],
      [
        '/admin/mail-templates/committee_invitation',
        { subject: 'Join us', body: 'Dear {name}, please join.' },
        'This placeholder is required: {link}.',
      ],
      [DECISION, { subject: '   ', body: 'Hello {name}' }, MAIL_TEMPLATE_TEXTS.subjectRequired],
      [DECISION, { subject: 'Accepted\nBcc: everyone@example.org', body: 'Hello' }, MAIL_TEMPLATE_TEXTS.subjectOneLine],
      [DECISION, { subject: 'Accepted', body: 'x'.repeat(20_001) }, MAIL_TEMPLATE_TEXTS.bodyTooLong],
      [DECISION, { subject: 'Accepted', body: ' ' }, MAIL_TEMPLATE_TEXTS.bodyRequired],
    ];
    for (const [url, text, message] of refusals) {
      const res = await call(admin, 'PUT', url, text);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(
      (await call(admin, 'PUT', '/admin/mail-templates/no_such_mail', { subject: 'a', body: 'b' })).statusCode,
    ).toBe(404);
    expect(await db().select().from(mailTemplates)).toEqual([]);
    expect(await db().select().from(mailTemplateChanges)).toEqual([]);
  });

  it('an edited decision template is what the author’s queued e-mail says; the notification keeps the site’s words', async () => {
    const saved = await call(admin, 'PUT', DECISION, {
      subject: '{conference} — {paperId} is in the programme',
      body: 'Xin chào {name},\n\n«{title}» ({paperId}) is accepted.{comments}\n\nYour profile: {profileLink}\n',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().template).toMatchObject({ edited: true, updatedBy: 'Zofia Łukasiewicz' });

    expect((await decide(paper._id, 'abstract_accepted', 'Очень хорошо.')).statusCode).toBe(200);
    const [mail] = await outboxOf(author.email);
    expect(mail).toMatchObject({
      kind: 'decision',
      subject: `ICTACEM 2025 — ${paper.ictacemId} is in the programme`,
      textBody: `Xin chào Nguyễn Thị Lan,\n\n«${paper.title}» (${paper.ictacemId}) is accepted.\n\nReview comments:\nОчень хорошо.\n\nYour profile: http://localhost:3000/ictacem2025/profile`,
    });
    const [notice] = await db().select().from(notifications).where(eq(notifications.recipientId, author.user._id));
    expect(notice).toMatchObject({ title: `Abstract accepted: ${paper.ictacemId}` });
    expect(notice!.message).toContain('has been accepted. Please add your payment ID');

    // Another decision, whose template is not edited, is written as it always was.
    const other = await createTestUser(t.app, { username: 'Wei Zhang 张伟' });
    const declined = await createTestPaper(t.app, other, { title: '湍流混合' });
    expect((await decide(declined._id, 'declined')).statusCode).toBe(200);
    expect((await outboxOf(other.email))[0]).toMatchObject({
      subject: `ICTACEM 2025: Abstract declined: ${declined.ictacemId}`,
      textBody: `Hello Wei Zhang 张伟,\n\nYour abstract "湍流混合" has been declined.\n\nSign in to see the details: http://localhost:3000/ictacem2025/profile`,
    });
  });

  it('a notice’s e-mail repeats its notification by default, and an edited one uses the notice’s facts', async () => {
    const writer = await createTestUser(t.app, { username: 'Katarzyna Wójcik' });
    const written = await createTestPaper(t.app, writer, { title: 'Drgania płyt kompozytowych' });
    const chat = (text: string) => {
      const body = multipart({ message: text }, []);
      return t.app.inject({
        method: 'POST',
        url: `${API}/chat/papers/${written._id}/messages`,
        headers: { ...body.headers, cookie: admin.cookie },
        payload: body.payload,
      });
    };
    expect((await chat('Proszę o lepsze rysunki.')).statusCode).toBe(201);
    const [first] = await outboxOf(writer.email);
    const [notice] = await db().select().from(notifications).where(eq(notifications.recipientId, writer.user._id));
    expect(first).toMatchObject({
      subject: `ICTACEM 2025: ${notice!.title}`,
      textBody: `Hello Katarzyna Wójcik,\n\n${notice!.message}\n\nSign in to see the details: http://localhost:3000/ictacem2025/profile`,
    });

    const saved = await call(admin, 'PUT', '/admin/mail-templates/chat_message', {
      subject: 'Nowa wiadomość: {paperId}',
      body: '{name}: „{title}” — {preview}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await chat('Dziękuję.')).statusCode).toBe(201);
    const mails = await outboxOf(writer.email);
    expect(mails.map((mail) => [mail.subject, mail.textBody])).toContainEqual([
      `Nowa wiadomość: ${written.ictacemId}`,
      'Katarzyna Wójcik: „Drgania płyt kompozytowych” — Dziękuję.',
    ]);
  });

  it('keeps a history of who saved and restored; "Restore the default" brings back the default text', async () => {
    const before = (await call(admin, 'GET', '/admin/mail-templates/reviews_assigned')).json();
    expect(before.history).toEqual([]);
    const text = { subject: '{conference}: {paperCount} to read', body: 'Dear {name},\n{papers}\n{reviewsLink}' };
    expect((await call(admin, 'PUT', '/admin/mail-templates/reviews_assigned', text)).statusCode).toBe(200);

    const restored = await call(admin, 'DELETE', '/admin/mail-templates/reviews_assigned');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().template).toMatchObject({
      edited: false,
      subject: MAIL_TEMPLATES.reviews_assigned.subject,
      body: MAIL_TEMPLATES.reviews_assigned.body,
    });
    const { history } = (await call(admin, 'GET', '/admin/mail-templates/reviews_assigned')).json();
    expect(history).toMatchObject([
      { subject: null, body: null, changedBy: 'Zofia Łukasiewicz' },
      { ...text, changedBy: 'Zofia Łukasiewicz' },
    ]);
    const again = await call(admin, 'DELETE', '/admin/mail-templates/reviews_assigned');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MAIL_TEMPLATE_TEXTS.alreadyDefault);
    expect(await db().select().from(mailTemplates).where(eq(mailTemplates.key, 'reviews_assigned'))).toEqual([]);
    expect(
      await db().select().from(mailTemplateChanges).where(eq(mailTemplateChanges.key, 'reviews_assigned')),
    ).toHaveLength(2);
  });

  it('previews a text, saved or not, with a real paper or member; an invitation link is never a real one', async () => {
    const res = await call(admin, 'POST', '/admin/mail-templates/decision_declined/preview', {
      subject: '{conference}: {paperId}',
      body: 'Dear {name}, “{title}” is {status}.',
      paperId: paper.ictacemId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().preview).toEqual({
      to: author.email,
      subject: `ICTACEM 2025: ${paper.ictacemId}`,
      body: `Dear Nguyễn Thị Lan, “${paper.title}” is Abstract Accepted.`,
    });

    const invitation = MAIL_TEMPLATES.committee_invitation;
    const preview = (
      await call(admin, 'POST', '/admin/mail-templates/committee_invitation/preview', {
        subject: invitation.subject,
        body: invitation.body,
        memberId: member.memberId,
      })
    ).json().preview;
    expect(preview.body).toContain('Dear अनन्या शर्मा,');
    expect(preview.body).toContain('  - Aerodynamics and Fluid Mechanics');
    expect(preview.body).toContain('/committee-invitation/(made when sent)');

    const unknown = await call(admin, 'POST', '/admin/mail-templates/decision_declined/preview', {
      subject: 'x',
      body: 'y',
      paperId: 'ICTACEMP2025NONE0',
    });
    expect(unknown.statusCode).toBe(404);
    const refused = await call(admin, 'POST', '/admin/mail-templates/decision_declined/preview', {
      subject: 'x',
      body: '{link}',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Unknown placeholder {link}.');
  });
});
