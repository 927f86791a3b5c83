import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_TEXTS } from '@shared/domain/certificates.ts';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import { programmeVersions } from '@server/db/schema/index.ts';
import { decodeQr, renderedPage } from '@server/test/badge-image.ts';
import { createTestPaper, createTestUser, SAMPLE_AUTHORS, type TestUser } from '@server/test/factories.ts';
import { pdfFonts, pdfText } from '@server/test/poppler.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

/** Names in the scripts a certificate must print exactly as typed. */
const NAMES = ['John Smith', '王小明', 'Анна Петрова', 'अनिल कुमार', 'Zofia Wójcik-Żółkiewska', 'Nguyễn Thị Lan'];
const AFTER = new Date('2100-01-07T06:00:00Z');

interface Holder {
  participantId: string;
  name: string;
  ictacemId: string | null;
  eligible: string[];
  certificates: {
    _id: string;
    kind: string;
    holderName: string;
    verificationCode: string;
    withdrawnAt: string | null;
    replacedBy: string | null;
  }[];
}

describe('certificates of participation and presentation', () => {
  let t: TestApp;
  let admin: TestUser;
  /** Today until the conference is over; the test moves it to the day after. */
  const clock = { now: new Date() };
  /** Presents in the programme and is checked in. */
  let presenter: { author: TestUser; paperId: string };
  /** Checked in; their paper is not in the programme. */
  let unscheduled: { author: TestUser; paperId: string };
  /** In the programme; never came to the desk. */
  let absent: { author: TestUser; paperId: string };

  const call = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: who ? { cookie: who.cookie } : {}, payload });

  async function acceptedPaper(username: string, presenterName: string, title: string) {
    const author = await createTestUser(t.app, { username });
    const authors = [{ ...SAMPLE_AUTHORS[0]!, name: presenterName }, SAMPLE_AUTHORS[1]!];
    const paper = await createTestPaper(t.app, author, { title, authors: JSON.stringify(authors) });
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper._id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'abstract_accepted', review: '' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { author, paperId: paper._id };
  }

  const holders = async () => {
    const res = await call(admin, 'GET', '/admin/certificates');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().holders as Holder[];
  };
  const participantOfPaper = async (paperId: string) => {
    const participants = (await call(admin, 'GET', '/admin/participants')).json().participants as {
      _id: string;
      paper: { _id: string } | null;
    }[];
    return participants.find((p) => p.paper?._id === paperId)!._id;
  };
  const checkIn = async (participantId: string) =>
    expect((await call(admin, 'POST', '/check-in', { participantId, key: randomUUID() })).statusCode).toBe(200);
  const verify = async (code: string) =>
    (await call(null, 'GET', `/letters/verify/${encodeURIComponent(code)}`)).json();

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.now });
    admin = await createTestUser(t.app, { role: 'admin', username: 'Organiser' });
    presenter = await acceptedPaper('Account Holder', 'Nguyễn Thị Lan', 'Vortex shedding behind a heated cylinder');
    unscheduled = await acceptedPaper('Second Author', 'Zofia Wójcik', 'Creep of concrete under cyclic loads');
    absent = await acceptedPaper('Third Author', 'अनिल कुमार', 'Granular flows in silos');
    const at = (time: string) => `2100-01-05T${time}:00+05:30`;
    const programme: PublishedProgramme = {
      edition: 1,
      publishedAt: new Date().toISOString(),
      rooms: [{ _id: randomUUID(), name: 'Main Hall', capacity: 200, position: 0 }],
      sessions: [
        {
          _id: randomUUID(),
          title: 'Fluids I',
          kind: 'oral',
          theme: null,
          roomId: null,
          startsAt: at('10:00'),
          endsAt: at('11:00'),
          chairs: [],
          talks: [presenter, absent].map((paper, position) => ({
            paperId: paper.paperId,
            title: position === 0 ? 'Vortex shedding behind a heated cylinder' : 'Granular flows in silos',
            authors: [],
            position,
            minutes: 15,
            board: '',
            startsAt: at(position === 0 ? '10:00' : '10:15'),
            endsAt: at(position === 0 ? '10:15' : '10:30'),
            modeOverridden: false,
          })),
        },
      ],
    };
    await t.app.ctx.db.insert(programmeVersions).values({ number: 1, programme, changes: [] });
    await checkIn(await participantOfPaper(presenter.paperId));
    await checkIn(await participantOfPaper(unscheduled.paperId));
    await participantOfPaper(absent.paperId);
  });
  afterAll(() => t.close());

  it('issues nothing before the conference has ended', async () => {
    const res = await call(presenter.author, 'GET', `/papers/${presenter.paperId}/certificates/participation`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CERTIFICATE_TEXTS.notYet);
    const own = (await call(presenter.author, 'GET', `/papers/${presenter.paperId}/certificates`)).json();
    expect(own.certificates.map((c: { reason: string }) => c.reason)).toEqual([
      CERTIFICATE_TEXTS.notYet,
      CERTIFICATE_TEXTS.notYet,
    ]);
    expect((await holders()).every((holder) => holder.eligible.length === 0)).toBe(true);
    clock.now = AFTER;
  });

  it('gives the presenting author both certificates, the presentation with its title, session and day', async () => {
    const own = (await call(presenter.author, 'GET', `/papers/${presenter.paperId}/certificates`)).json();
    expect(own.certificates).toEqual([
      {
        kind: 'participation',
        holderName: 'Nguyễn Thị Lan',
        downloadPath: `/ictacem2025/api/papers/${presenter.paperId}/certificates/participation`,
        reason: null,
      },
      {
        kind: 'presentation',
        holderName: 'Nguyễn Thị Lan',
        downloadPath: `/ictacem2025/api/papers/${presenter.paperId}/certificates/presentation`,
        reason: null,
      },
    ]);
    const res = await call(presenter.author, 'GET', `/papers/${presenter.paperId}/certificates/presentation`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Certificate of presentation');
    expect(text).toContain('Nguyễn Thị Lan');
    expect(text).toContain('“Vortex shedding behind a heated cylinder”');
    expect(text).toContain('“Fluids I”');
    expect(text).toContain('5 January 2100');
    const [holder] = (await holders()).filter((h) => h.certificates.some((c) => c.kind === 'presentation'));
    const code = holder!.certificates[0]!.verificationCode;
    expect(text).toContain(`Verification code: ${code}`);
    const again = await call(presenter.author, 'GET', `/papers/${presenter.paperId}/certificates/presentation`);
    expect(await pdfText(again.rawPayload)).toContain(code);
    expect((await holders()).find((h) => h.participantId === holder!.participantId)!.certificates).toHaveLength(1);

    const verified = await verify(code);
    // Name, kind, conference and date: nothing else, no title, no e-mail, no ICTACEM ID.
    expect(verified).toEqual({
      success: true,
      valid: true,
      letter: {
        kind: 'presentation',
        holderName: 'Nguyễn Thị Lan',
        conference: 'ICTACEM 2025',
        date: '5 January 2100',
        withdrawn: false,
        replaced: false,
      },
    });
  });

  it('lets an author download only their own paper’s certificates', async () => {
    for (const path of ['', '/participation', '/presentation']) {
      const res = await call(unscheduled.author, 'GET', `/papers/${presenter.paperId}/certificates${path}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Nguyễn');
    }
    expect((await call(null, 'GET', `/papers/${presenter.paperId}/certificates/presentation`)).statusCode).toBe(401);
    const noSuchKind = await call(presenter.author, 'GET', `/papers/${presenter.paperId}/certificates/attendance`);
    expect(noSuchKind.statusCode).toBe(404);
    expect(noSuchKind.json().message).toBe(CERTIFICATE_TEXTS.notFound);
    const anotherAuthor = (
      await call(presenter.author, 'GET', `/admin/participants/${randomUUID()}/certificates/participation`)
    ).statusCode;
    expect(anotherAuthor).toBe(403);
  });

  it('gives no participation certificate to a participant who was not checked in', async () => {
    const res = await call(absent.author, 'GET', `/papers/${absent.paperId}/certificates/participation`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CERTIFICATE_TEXTS.notCheckedIn);
    const byAdmin = await call(
      admin,
      'GET',
      `/admin/participants/${await participantOfPaper(absent.paperId)}/certificates/participation`,
    );
    expect(byAdmin.statusCode).toBe(403);
    // Presenting still earns the certificate of presentation.
    expect((await call(absent.author, 'GET', `/papers/${absent.paperId}/certificates/presentation`)).statusCode).toBe(
      200,
    );
  });

  it('gives no presentation certificate for a paper not in the published programme', async () => {
    const res = await call(unscheduled.author, 'GET', `/papers/${unscheduled.paperId}/certificates/presentation`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CERTIFICATE_TEXTS.notInProgramme);
    const participation = await call(
      unscheduled.author,
      'GET',
      `/papers/${unscheduled.paperId}/certificates/participation`,
    );
    expect(participation.statusCode).toBe(200);
    expect(await pdfText(participation.rawPayload)).toContain(
      'Zofia Wójcik (Analytical Engines Ltd) participated in the',
    );
    const holder = (await holders()).find((h) => h.ictacemId && h.name === 'Zofia Wójcik')!;
    expect(holder.eligible).toEqual(['participation']);
  });

  it('withdraws a certificate: the code says so, and it is not issued again', async () => {
    const participantId = await participantOfPaper(unscheduled.paperId);
    const certificate = (await holders()).find((h) => h.participantId === participantId)!.certificates[0]!;
    expect((await call(unscheduled.author, 'POST', `/admin/certificates/${certificate._id}/withdraw`)).statusCode).toBe(
      403,
    );
    const res = await call(admin, 'POST', `/admin/certificates/${certificate._id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().certificate.withdrawnAt).not.toBeNull();
    const verified = await verify(certificate.verificationCode);
    expect(verified.valid).toBe(false);
    expect(verified.letter).toMatchObject({
      kind: 'participation',
      holderName: 'Zofia Wójcik',
      withdrawn: true,
      replaced: false,
    });
    const again = await call(unscheduled.author, 'GET', `/papers/${unscheduled.paperId}/certificates/participation`);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(CERTIFICATE_TEXTS.withdrawn);
    const own = (await call(unscheduled.author, 'GET', `/papers/${unscheduled.paperId}/certificates`)).json();
    expect(own.certificates[0]).toMatchObject({
      kind: 'participation',
      downloadPath: null,
      reason: CERTIFICATE_TEXTS.withdrawn,
    });
  });

  it('reissues with a corrected name: a new valid code, the old one replaced, the history kept', async () => {
    const participantId = await participantOfPaper(presenter.paperId);
    const [old] = (await holders()).find((h) => h.participantId === participantId)!.certificates;
    const corrected = 'Nguyễn Thị Lan Anh';
    const res = await call(admin, 'POST', `/admin/certificates/${old!._id}/reissue`, { holderName: `  ${corrected} ` });
    expect(res.statusCode, res.body).toBe(200);
    const reissued = res.json().certificate;
    expect(reissued).toMatchObject({
      kind: 'presentation',
      holderName: corrected,
      withdrawnAt: null,
      replacedBy: null,
    });
    expect(reissued.verificationCode).not.toBe(old!.verificationCode);

    expect(await verify(reissued.verificationCode)).toMatchObject({
      valid: true,
      letter: { kind: 'presentation', holderName: corrected, withdrawn: false, replaced: false },
    });
    expect(await verify(old!.verificationCode)).toMatchObject({
      valid: false,
      letter: { kind: 'presentation', holderName: 'Nguyễn Thị Lan', withdrawn: true, replaced: true },
    });
    const history = (await holders()).find((h) => h.participantId === participantId)!.certificates;
    expect(history.filter((c) => c.kind === 'presentation').map((c) => [c.holderName, c.replacedBy])).toEqual([
      ['Nguyễn Thị Lan', reissued._id],
      [corrected, null],
    ]);
    const download = await call(presenter.author, 'GET', `/papers/${presenter.paperId}/certificates/presentation`);
    const text = await pdfText(download.rawPayload);
    expect(text).toContain(corrected);
    expect(text).toContain(reissued.verificationCode);
    expect(text).toContain('“Vortex shedding behind a heated cylinder”');
    const twice = await call(admin, 'POST', `/admin/certificates/${old!._id}/reissue`, { holderName: 'Someone Else' });
    expect(twice.statusCode).toBe(409);
    expect((await call(admin, 'POST', `/admin/certificates/${old!._id}/reissue`, { holderName: ' ' })).statusCode).toBe(
      400,
    );
    expect((await call(admin, 'POST', `/admin/certificates/${randomUUID()}/withdraw`)).statusCode).toBe(404);
  });

  it('finds nothing for forged or altered codes', async () => {
    const [holder] = (await holders()).filter((h) => h.certificates.length > 0);
    const genuine = holder!.certificates.at(-1)!.verificationCode;
    const last = genuine.at(-1)!;
    const altered = `${genuine.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
    for (const code of [altered, 'K7QD-9XMP-3RTA-W2HF', genuine.slice(0, -1), `${genuine}0`, 'not a code']) {
      expect(await verify(code)).toEqual({ success: true, valid: false, letter: null });
    }
  });

  it('prints names in every script exactly as typed, embeds its fonts and carries a QR code of its verification', async () => {
    for (const name of NAMES) {
      const added = await call(admin, 'POST', '/admin/participants', {
        name,
        affiliation: '',
        email: '',
        role: 'delegate',
      });
      expect(added.statusCode, added.body).toBe(200);
      const participantId = added.json().participant._id as string;
      await checkIn(participantId);
      const res = await call(admin, 'GET', `/admin/participants/${participantId}/certificates/participation`);
      expect(res.statusCode, res.body).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(`This is to certify that ${name} participated in the`);
      expect(text).toContain('Certificate of participation');
      const fonts = await pdfFonts(res.rawPayload);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((font) => !font.embedded)).toEqual([]);
      const code = (await holders()).find((h) => h.participantId === participantId)!.certificates[0]!.verificationCode;
      const scanned = decodeQr(await renderedPage(res.rawPayload, 1, 150));
      expect(scanned).toBe(`http://localhost:3000/ictacem2025/verify-letter/${code}`);
      expect((await verify(scanned!.split('/').at(-1)!)).letter).toMatchObject({
        kind: 'participation',
        holderName: name,
      });
    }
  });
});
