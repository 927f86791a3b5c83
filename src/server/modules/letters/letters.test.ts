import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TEXTS } from '@shared/domain/letters.ts';
import { letters } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { drawnTextOf } from '@server/test/pdf-drawn-text.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';
import { unzip } from '@server/test/zip-entries.ts';
import { normalizeVerificationCode } from './verification-code.ts';

type Paper = { _id: string; ictacemId: string; title: string };

/** The PDF's verification code (its subject ends with it) and the text drawn on its page. */
async function readLetter(bytes: Buffer) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const subject = pdf.getSubject() ?? '';
  return { subject, code: /verification code (\S+)$/.exec(subject)?.[1], text: drawnTextOf(pdf.getPage(0)).join(' ') };
}

describe('acceptance letters and their verification', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  let stranger: TestUser;
  let accepted: Paper;
  let underReview: Paper;
  const confidential = 'CONFIDENTIAL-weak-methods';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    author = await createTestUser(t.app);
    stranger = await createTestUser(t.app);
    accepted = await createTestPaper(t.app, author, { title: 'Vortex shedding behind a heated cylinder' });
    underReview = await createTestPaper(t.app, stranger, { title: 'Buckling of thin shells' });
  });
  afterAll(() => t.close());

  const get = (url: string, user?: TestUser) =>
    t.app.inject({ method: 'GET', url: `${API}${url}`, headers: user ? { cookie: user.cookie } : {} });
  const setStatus = async (paperId: string, status: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/bulk/status`,
      headers: { cookie: admin.cookie },
      payload: { paperIds: [paperId], status },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const lettersOf = (paperId: string) => t.app.ctx.db.select().from(letters).where(eq(letters.paperId, paperId));

  it('refuses the ZIP while no paper is accepted', async () => {
    const res = await get('/admin/letters/acceptance.zip', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: LETTER_TEXTS.noAcceptedPapers });
  });

  it('refuses the letter of a paper not accepted (403), of another author (404), and stores nothing', async () => {
    const notYet = await get(`/papers/${accepted._id}/letters/acceptance`, author);
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json().message).toBe('The acceptance letter is available once your abstract is accepted.');
    const asAdmin = await get(`/admin/papers/${accepted._id}/letters/acceptance`, admin);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe(LETTER_TEXTS.acceptanceNotAcceptedAdmin);

    await setStatus(accepted._id, 'abstract_accepted');
    const notTheirs = await get(`/papers/${accepted._id}/letters/acceptance`, stranger);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('Paper not found.');
    expect((await get('/papers/not-a-uuid/letters/acceptance', author)).statusCode).toBe(404);
    expect(await lettersOf(accepted._id)).toEqual([]);
  });

  it('issues the letter on the first download, with the first author, the title, the decision and a code', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${accepted._id}/evaluate`,
      headers: { cookie: admin.cookie },
      payload: { marks: 93, confidentialComments: confidential },
    });
    const res = await get(`/papers/${accepted._id}/letters/acceptance`, author);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${accepted.ictacemId}_acceptance_letter.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const letter = await readLetter(res.rawPayload);
    const [row] = await lettersOf(accepted._id);
    expect(row).toMatchObject({ kind: 'acceptance', userId: author.user._id, issuedBy: null });
    expect(letter.code).toBe(row!.verificationCode);
    expect(row!.verificationCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    // The paper's first author (SAMPLE_AUTHORS), not the account's name.
    expect(letter.text).toContain('Dear Ada Lovelace,');
    expect(letter.text).toContain('Analytical Engines Ltd');
    expect(letter.text).toContain(accepted.ictacemId);
    expect(letter.text).toContain('Vortex shedding behind a heated cylinder');
    expect(letter.text).not.toContain(author.user.username);
    // The conference days in force (this server's far-off calendar, OPEN_DEADLINES), not the announced ones.
    expect(letter.text).toContain('4-6 January 2100');
    // Nothing of the confidential evaluation.
    expect(letter.text).not.toContain(confidential);
    expect(JSON.stringify(row!.details)).not.toContain(confidential);
  });

  it('gives the same letter and code every time, to the author and to admins, and to concurrent first downloads', async () => {
    const [row] = await lettersOf(accepted._id);
    const again = await readLetter((await get(`/papers/${accepted._id}/letters/acceptance`, author)).rawPayload);
    const admins = await get(`/admin/papers/${accepted._id}/letters/acceptance`, admin);
    expect(admins.statusCode).toBe(200);
    expect(again.code).toBe(row!.verificationCode);
    expect((await readLetter(admins.rawPayload)).code).toBe(row!.verificationCode);

    await setStatus(underReview._id, 'abstract_accepted');
    const downloads = await Promise.all(
      [stranger, stranger, admin].map((user) =>
        get(`${user === admin ? '/admin' : ''}/papers/${underReview._id}/letters/acceptance`, user),
      ),
    );
    const codes = await Promise.all(downloads.map(async (res) => (await readLetter(res.rawPayload)).code));
    const rows = await lettersOf(underReview._id);
    expect(rows).toHaveLength(1);
    expect(codes).toEqual([rows[0]!.verificationCode, rows[0]!.verificationCode, rows[0]!.verificationCode]);
  });

  it('zips every accepted paper’s letter, issuing the missing ones', async () => {
    const late = await createTestPaper(t.app, await createTestUser(t.app), { title: 'Late acceptance' });
    await setStatus(late._id, 'abstract_accepted');
    const res = await get('/admin/letters/acceptance.zip', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ictacem2025-acceptance-letters.zip"');
    const files = await unzip(res.rawPayload);
    const papers = [accepted, underReview, late];
    expect([...files.keys()].sort()).toEqual(papers.map((p) => `${p.ictacemId}_acceptance_letter.pdf`).sort());
    for (const paper of papers) {
      const [row] = await lettersOf(paper._id);
      const letter = await readLetter(files.get(`${paper.ictacemId}_acceptance_letter.pdf`)!);
      expect(letter.code).toBe(row!.verificationCode);
      expect(letter.text).toContain(paper.title);
    }
    const [issuedForZip] = await lettersOf(late._id);
    expect(issuedForZip!.issuedBy).toBe(admin.user._id);
    expect((await get('/admin/letters/acceptance.zip', author)).statusCode).toBe(403);
  });

  it('confirms a code however it is typed, and says nothing of an unknown one', async () => {
    const [row] = await lettersOf(accepted._id);
    const code = row!.verificationCode;
    for (const typed of [code, code.toLowerCase().replaceAll('-', ''), code.replaceAll('-', ' ')]) {
      const res = await get(`/letters/verify/${encodeURIComponent(typed)}`);
      expect(res.statusCode, typed).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        valid: true,
        letter: {
          kind: 'acceptance',
          issuedAt: row!.issuedAt.toISOString(),
          holderName: 'Ada Lovelace',
          ictacemId: accepted.ictacemId,
          paperTitle: accepted.title,
          withdrawn: false,
        },
      });
    }
    for (const unknown of ['0000-0000-0000-0000', 'not-a-code', 'x'.repeat(80)]) {
      const res = await get(`/letters/verify/${unknown}`);
      expect(res.statusCode, unknown).toBe(200);
      expect(res.json()).toEqual({ success: true, valid: false, letter: null });
    }
  });

  it('withdraws the letter while the paper is not accepted, and brings the same one back when it is again', async () => {
    const [row] = await lettersOf(accepted._id);
    await setStatus(accepted._id, 'declined');
    const refused = await get(`/papers/${accepted._id}/letters/acceptance`, author);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(LETTER_TEXTS.acceptanceNotAccepted);
    const verified = (await get(`/letters/verify/${row!.verificationCode}`)).json();
    expect(verified).toMatchObject({ valid: false, letter: { withdrawn: true } });

    await setStatus(accepted._id, 'abstract_accepted');
    const back = await readLetter((await get(`/papers/${accepted._id}/letters/acceptance`, author)).rawPayload);
    expect(back.code).toBe(row!.verificationCode);
    expect(await lettersOf(accepted._id)).toHaveLength(1);
  });
});

describe('normalizeVerificationCode', () => {
  it('reads any case, dashes or spaces, and the letters that look like digits', () => {
    expect(normalizeVerificationCode('k7qd 9xmp-3rta w2hf')).toBe('K7QD-9XMP-3RTA-W2HF');
    expect(normalizeVerificationCode('O1IL-0000-0000-0000')).toBe('0111-0000-0000-0000');
    expect(normalizeVerificationCode('K7QD-9XMP-3RTA')).toBeNull();
    expect(normalizeVerificationCode('K7QD-9XMP-3RTA-W2HU')).toBeNull();
  });
});
