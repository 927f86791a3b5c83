import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_TEXTS } from '@shared/domain/conflicts.ts';
import type { MemberConflict, PaperConflicts } from '@shared/schemas/conflicts.ts';
import { committeeMembers, conflictRecords } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { API, createTestApp, type TestApp, uniqueEmail } from '@server/test/test-app.ts';

const AUTHORS = [
  { name: 'Nguyễn Văn An', affiliation: 'Trường Đại học Bách khoa Hà Nội', address: '1 Đại Cồ Việt, Hà Nội' },
  { name: 'Agnieszka Wiśniewska', affiliation: 'Politechnika Warszawska', address: 'pl. Politechniki 1, Warszawa' },
  { name: 'राजेश कुमार', affiliation: 'Dept. of Mechanical Engineering, I.I.T. Bombay', address: 'Powai, Mumbai' },
];

describe('conflicts of interest between the committee and a paper', () => {
  let t: TestApp;
  let admin: TestUser;
  let paperId: string;
  let memberPaperId: string;
  const ids: Record<string, string> = {};

  /** A member as an accepted invitation leaves them: tied to an account when one is given. */
  async function addMember(
    key: string,
    values: { name: string; email: string; affiliation?: string; userId?: string },
  ) {
    const [row] = await t.app.ctx.db
      .insert(committeeMembers)
      .values({
        name: values.name,
        email: values.email,
        affiliation: values.affiliation ?? '',
        themes: ['Solid Mechanics and Dynamics'],
        maxPapers: 5,
        status: values.userId ? 'accepted' : 'invited',
        userId: values.userId ?? null,
      })
      .returning();
    ids[key] = row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.app, { role: 'admin' });
    const author = await createTestUser(t.app, {
      email: `an.nguyen.${Date.now()}@me.hust.edu.vn`,
      username: 'Nguyễn Văn An',
    });
    paperId = (await createTestPaper(t.app, author, { authors: JSON.stringify(AUTHORS) }))._id;

    // A member who is also an author: their own paper, written with Agnieszka Wiśniewska.
    const memberAuthor = await createTestUser(t.app, { username: 'Олег Петров' });
    memberPaperId = (
      await createTestPaper(t.app, memberAuthor, {
        title: 'Buckling of thin cylindrical shells',
        authors: JSON.stringify([
          { name: 'Олег Петров', affiliation: 'Московский государственный университет', address: 'Москва' },
          { name: 'Agnieszka Wisniewska', affiliation: 'Politechnika Warszawska', address: 'Warszawa' },
        ]),
      })
    )._id;
    await addMember('coAuthor', { name: 'Олег Петров', email: memberAuthor.email, userId: memberAuthor.user._id });
    await addMember('sameDomain', { name: 'Trần Thị Bình', email: uniqueEmail('binh').replace(/@.*/, '@hust.edu.vn') });
    await addMember('sameInstitute', {
      name: 'Priya Raman',
      email: uniqueEmail('priya'),
      affiliation: 'Indian Institute of Technology Bombay',
    });
    await addMember('freeMail', { name: 'Wei Zhang', email: uniqueEmail('wei').replace(/@.*/, '@gmail.com') });
    await addMember('stranger', { name: 'Ingrid Olsen', email: uniqueEmail('ingrid'), affiliation: 'NTNU, Trondheim' });
  });
  afterAll(() => t.close());

  const get = async (paper = paperId, cookie = admin.cookie) =>
    t.app.inject({ method: 'GET', url: `${API}/admin/papers/${paper}/conflicts`, headers: { cookie } });
  const post = (path: string, payload?: Record<string, unknown>, cookie = admin.cookie) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/${paperId}/conflicts${path}`,
      headers: { cookie },
      payload,
    });
  const standing = async (key: string, paper = paperId): Promise<MemberConflict> => {
    const res = await get(paper);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().conflicts as PaperConflicts).members.find((m) => m.memberId === ids[key])!;
  };

  it('finds co-authors, a shared organisation domain and a shared institution, but not a free-mail domain', async () => {
    expect(await standing('coAuthor')).toMatchObject({
      conflicted: true,
      automatic: [
        {
          kind: 'co_author',
          reason: 'Has written a paper with Agnieszka Wiśniewska, an author of this paper',
        },
      ],
    });
    expect((await standing('sameDomain')).automatic).toEqual([
      { kind: 'email_domain', reason: 'Same e-mail domain as the submitter (hust.edu.vn)' },
    ]);
    expect((await standing('sameInstitute')).automatic).toEqual([
      { kind: 'affiliation', reason: 'Same institution as an author (Dept. of Mechanical Engineering, I.I.T. Bombay)' },
    ]);
    expect(await standing('freeMail')).toMatchObject({ conflicted: false, automatic: [] });
    expect(await standing('stranger')).toMatchObject({ conflicted: false, automatic: [], record: null });
    // The member's own paper.
    expect((await standing('coAuthor', memberPaperId)).automatic).toEqual([
      { kind: 'own_paper', reason: 'Submitted this paper' },
    ]);
  });

  it('records an organiser’s declaration with its note, refuses a second, and keeps it in the history once withdrawn', async () => {
    expect((await post('', { memberId: ids.stranger, note: '' })).json().message).toBe(CONFLICT_TEXTS.noteRequired);
    const declared = await post('', { memberId: ids.stranger, note: 'PhD supervisor of the first author' });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().message).toBe(CONFLICT_TEXTS.declared('Ingrid Olsen'));
    expect(await standing('stranger')).toMatchObject({
      conflicted: true,
      record: {
        kind: 'declared_by_organiser',
        note: 'PhD supervisor of the first author',
        recordedBy: admin.user.username,
      },
    });
    const again = await post('', { memberId: ids.stranger, note: 'Twice' });
    expect([again.statusCode, again.json().message]).toEqual([409, CONFLICT_TEXTS.alreadyConflicted]);
    // A declared conflict is withdrawn, not lifted.
    const lift = await post(`/${ids.stranger}/lift`, { reason: 'No' });
    expect([lift.statusCode, lift.json().message]).toEqual([409, CONFLICT_TEXTS.declaredNotLifted]);

    const withdrawn = await post(`/${ids.stranger}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().conflicts.history).toEqual([
      expect.objectContaining({
        memberName: 'Ingrid Olsen',
        kind: 'declared_by_organiser',
        endedBy: admin.user.username,
        endedAt: expect.any(String),
      }),
    ]);
    expect(await standing('stranger')).toMatchObject({ conflicted: false, record: null });
    expect((await post(`/${ids.stranger}/withdraw`)).statusCode).toBe(409);
  });

  it('lifts an automatic conflict only with a reason, and restores it', async () => {
    expect((await post(`/${ids.sameDomain}/lift`, { reason: '  ' })).json().message).toBe(CONFLICT_TEXTS.noteRequired);
    const lifted = await post(`/${ids.sameDomain}/lift`, {
      reason: 'A university of 40,000 people; different faculties',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await standing('sameDomain')).toMatchObject({
      conflicted: false,
      automatic: [expect.objectContaining({ kind: 'email_domain' })],
      record: { kind: 'lifted', note: 'A university of 40,000 people; different faculties' },
    });
    expect((await post(`/${ids.sameDomain}/lift`, { reason: 'Again' })).json().message).toBe(
      CONFLICT_TEXTS.nothingToLift,
    );
    // Nothing automatic to lift for a stranger.
    expect((await post(`/${ids.freeMail}/lift`, { reason: 'Why not' })).statusCode).toBe(409);

    expect((await post(`/${ids.sameDomain}/restore`)).json().message).toBe(CONFLICT_TEXTS.restored('Trần Thị Bình'));
    expect(await standing('sameDomain')).toMatchObject({ conflicted: true, record: null });
  });

  it('lets a declaration end an earlier lift', async () => {
    await post(`/${ids.sameInstitute}/lift`, { reason: 'Left IIT Bombay in 2019' });
    const declared = await post('', { memberId: ids.sameInstitute, note: 'Co-supervises the third author after all' });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(await standing('sameInstitute')).toMatchObject({
      conflicted: true,
      record: { kind: 'declared_by_organiser' },
    });
    const rows = await t.app.ctx.db
      .select()
      .from(conflictRecords)
      .where(and(eq(conflictRecords.memberId, ids.sameInstitute!), eq(conflictRecords.paperId, paperId)));
    expect(rows.map((row) => [row.kind, row.endedAt === null])).toEqual(
      expect.arrayContaining([
        ['lifted', false],
        ['declared_by_organiser', true],
      ]),
    );
  });

  it('leaves a member’s own declaration to the member', async () => {
    await t.app.ctx.db.insert(conflictRecords).values({ memberId: ids.freeMail!, paperId, kind: 'declared_by_member' });
    expect(await standing('freeMail')).toMatchObject({ conflicted: true, record: { kind: 'declared_by_member' } });
    const withdraw = await post(`/${ids.freeMail}/withdraw`);
    expect([withdraw.statusCode, withdraw.json().message]).toEqual([409, CONFLICT_TEXTS.declaredByMember]);
  });

  it('refuses authors, unknown papers and members no longer in the committee', async () => {
    const author = await createTestUser(t.app);
    expect((await get(paperId, author.cookie)).statusCode).toBe(403);
    expect((await post('', { memberId: ids.stranger, note: 'x' }, author.cookie)).statusCode).toBe(403);
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('not-a-uuid')).statusCode).toBe(404);

    await t.app.ctx.db
      .update(committeeMembers)
      .set({ status: 'revoked' })
      .where(eq(committeeMembers.id, ids.stranger!));
    const res = await post('', { memberId: ids.stranger, note: 'Removed already' });
    expect([res.statusCode, res.json().message]).toEqual([404, CONFLICT_TEXTS.memberNotFound]);
    expect((await get()).json().conflicts.members.map((m: MemberConflict) => m.memberId)).not.toContain(ids.stranger);
  });
});
