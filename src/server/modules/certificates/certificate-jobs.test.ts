import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_TEXTS } from '@shared/domain/certificates.ts';
import { PARTICIPANT_MESSAGES } from '@shared/schemas/participants.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { createTestUser, type TestUser } from '@server/test/factories.ts';
import { pdfText } from '@server/test/poppler.ts';
import { API, createTestAppWithMail, type TestAppWithMail } from '@server/test/test-app.ts';
import { unzip } from '@server/test/zip-entries.ts';
import { runJobToDone } from '@server/test/background-job.ts';

const PEOPLE = [
  { name: '王小明', email: 'wang@example.org' },
  { name: 'Анна Петрова', email: 'anna@example.org' },
  { name: 'अनिल कुमार', email: 'anil@example.org' },
  { name: 'Nguyễn Thị Lan', email: '' },
];

describe('certificates in bulk: a ZIP and e-mails through the outbox, made in the background', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  const clock: { now: Date | null } = { now: null };
  const participantIds = new Map<string, string>();

  const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { cookie: who.cookie }, payload });

  async function finished(kind: string) {
    const job = await runJobToDone(t.app, admin.cookie, { kind });
    return job;
  }

  beforeAll(async () => {
    t = await createTestAppWithMail({ now: () => clock.now ?? new Date() });
    admin = await createTestUser(t.app, { role: 'admin' });
    for (const person of [...PEOPLE, { name: 'Zofia Wójcik', email: 'zofia@example.org' }]) {
      const added = await call(admin, 'POST', '/admin/participants', { ...person, affiliation: '', role: 'delegate' });
      expect(added.statusCode, added.body).toBe(200);
      participantIds.set(person.name, added.json().participant._id);
    }
    // Everyone came but Zofia Wójcik, who has no certificate.
    for (const person of PEOPLE) {
      const participantId = participantIds.get(person.name)!;
      expect((await call(admin, 'POST', '/check-in', { participantId, key: randomUUID() })).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('refuses both before the conference is over, and refuses authors', async () => {
    for (const kind of ['certificates_zip', 'certificates_mail']) {
      const res = await call(admin, 'POST', '/admin/jobs', { kind });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CERTIFICATE_TEXTS.noCertificates);
    }
    const author = await createTestUser(t.app);
    expect((await call(author, 'POST', '/admin/jobs', { kind: 'certificates_zip' })).statusCode).toBe(403);
    clock.now = new Date(Date.parse(OPEN_DEADLINES.conferenceEnds) + 60_000);
  });

  it('zips each certificate with a manifest, leaving out those withdrawn', async () => {
    const wang = participantIds.get('王小明')!;
    expect((await call(admin, 'GET', `/admin/participants/${wang}/certificates/participation`)).statusCode).toBe(200);
    const holders = (await call(admin, 'GET', '/admin/certificates')).json().holders;
    const wangs = holders.find((h: { participantId: string }) => h.participantId === wang).certificates[0];
    const job = await finished('certificates_zip');
    expect(job.fileName).toBe('ictacem2025-certificates.zip');
    const files = await unzip(
      (await t.app.inject({ url: job.downloadPath, headers: { cookie: admin.cookie } })).rawPayload,
    );
    expect(files.size).toBe(PEOPLE.length + 1);
    expect([...files.keys()].at(-1)).toBe('manifest.csv');
    // Issued once: the certificate downloaded before is the one in the ZIP.
    const wangFile = files.get(`certificate_of_participation_${wangs.verificationCode}.pdf`)!;
    expect(await pdfText(wangFile)).toContain('This is to certify that 王小明 participated');
    const manifest = files.get('manifest.csv')!.toString('utf8');
    for (const person of PEOPLE) expect(manifest).toContain(person.name);
    expect(manifest).not.toContain('Zofia');
    // Names and codes to print; the addresses are no part of a file passed around for printing.
    expect(manifest).not.toContain('@example.org');

    expect((await call(admin, 'POST', `/admin/certificates/${wangs._id}/withdraw`)).statusCode).toBe(200);
    const again = await unzip(
      (
        await t.app.inject({
          url: (await finished('certificates_zip')).downloadPath,
          headers: { cookie: admin.cookie },
        })
      ).rawPayload,
    );
    expect(again.size).toBe(PEOPLE.length);
    expect(again.get('manifest.csv')!.toString('utf8')).not.toContain('王小明');
  });

  it('e-mails each participant their certificates as PDFs through the outbox, and lists who has no address', async () => {
    const job = await finished('certificates_mail');
    expect(job.problems).toEqual([{ ictacemId: '', title: 'Nguyễn Thị Lan', reason: 'No e-mail address.' }]);
    const sentList = await t.app.inject({ url: job.downloadPath, headers: { cookie: admin.cookie } });
    expect(sentList.headers['content-type']).toMatch(/^text\/csv/);
    expect(sentList.body).toContain('anna@example.org');
    // The withdrawn certificate's holder has nothing left to send.
    expect(sentList.body).not.toContain('wang@example.org');

    for (let i = 0; i < 200 && t.smtp.inbox.length < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.smtp.inbox.map((mail) => mail.to).sort()).toEqual([['anil@example.org'], ['anna@example.org']]);
    const anna = t.smtp.inbox.find((mail) => String(mail.to).includes('anna'))!;
    expect(anna.raw).toContain('Content-Type: application/pdf');
    expect(anna.raw).toMatch(/filename=.?certificate_of_participation_[0-9A-Z-]{19}\.pdf/);
    expect(anna.raw).toContain('verification code');

    let mails: { to: string; state: string; kind: string }[] = [];
    for (let i = 0; i < 100; i += 1) {
      mails = (await call(admin, 'GET', '/admin/outbox?kind=certificate')).json().mails;
      if (mails.every((mail) => mail.state === 'sent')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mails.map((mail) => [mail.to, mail.state]).sort()).toEqual([
      ['anil@example.org', 'sent'],
      ['anna@example.org', 'sent'],
    ]);
  });

  it('mails nobody twice when run again, and mails a reissued certificate', async () => {
    const again = await finished('certificates_mail');
    expect(again.problems.map((problem: { reason: string }) => problem.reason).sort()).toEqual([
      'Already e-mailed.',
      'Already e-mailed.',
      'No e-mail address.',
    ]);
    const holders = (await call(admin, 'GET', '/admin/certificates')).json().holders;
    const anna = holders.find(
      (holder: { participantId: string }) => holder.participantId === participantIds.get('Анна Петрова'),
    );
    const reissued = await call(admin, 'POST', `/admin/certificates/${anna.certificates[0]._id}/reissue`, {
      holderName: 'Анна Сергеевна Петрова',
    });
    expect(reissued.statusCode, reissued.body).toBe(200);
    await finished('certificates_mail');
    let mails: { to: string }[] = [];
    for (let i = 0; i < 100 && mails.length < 3; i += 1) {
      mails = (await call(admin, 'GET', '/admin/outbox?kind=certificate')).json().mails;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mails.map((mail) => mail.to).sort()).toEqual(['anil@example.org', 'anna@example.org', 'anna@example.org']);
  });

  it('keeps a participant holding a certificate on the list until it is withdrawn', async () => {
    const anil = participantIds.get(PEOPLE.find((person) => person.email === 'anil@example.org')!.name)!;
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${API}/admin/participants/${anil}`,
      headers: { cookie: admin.cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PARTICIPANT_MESSAGES.holdsCertificates);
    const holders = (await call(admin, 'GET', '/admin/certificates')).json().holders;
    for (const certificate of holders.find((holder: { participantId: string }) => holder.participantId === anil)
      .certificates)
      await call(admin, 'POST', `/admin/certificates/${certificate._id}/withdraw`);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${API}/admin/participants/${anil}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });
});
