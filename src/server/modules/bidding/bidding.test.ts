import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIDDING_TEXTS } from '@shared/domain/bidding.ts';
import { MEMBERS_ONLY } from '@server/plugins/auth.ts';
import type { Bidding } from '@shared/schemas/bidding.ts';
import { committeeMembers, conflictRecords } from '@server/db/schema/index.ts';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { OPEN_DEADLINES } from '@server/test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

describe('bidding by committee members', () => {
  let t: TestApp;
  let admin: TestUser;
  let reviewer: TestUser;
  let memberId: string;
  const papers: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
    reviewer = await createTestUser(t.app, {
      username: 'Małgorzata Wiśniewska',
      email: `m.wisniewska.${Date.now()}@pw.edu.pl`,
    });
    const [row] = await t.app.ctx.db
      .insert(committeeMembers)
      .values({
        name: 'Małgorzata Wiśniewska',
        email: reviewer.email,
        affiliation: 'Politechnika Warszawska',
        themes: ['Solid Mechanics and Dynamics'],
        maxPapers: 10,
        status: 'accepted',
        userId: reviewer.user._id,
      })
      .returning();
    memberId = row!.id;
    const submit = async (key: string, fields: Record<string, string>) => {
      const author = await createTestUser(t.app, { username: `Author ${key}` });
      papers[key] = (await createTestPaper(t.app, author, fields))._id;
    };
    await submit('fluids', { title: 'Vortex rings in a stratified fluid', theme: 'Aerodynamics and Fluid Mechanics' });
    await submit('solids', { title: 'Buckling of thin shells', theme: 'Solid Mechanics and Dynamics' });
    await submit('colleague', {
      title: 'Fatigue of welded joints',
      theme: 'Solid Mechanics and Dynamics',
      authors: JSON.stringify([{ name: 'Jan Kowalski', affiliation: 'Politechnika Warszawska', address: 'Warszawa' }]),
    });
    await submit('declared', { title: 'Granular flows in silos', theme: 'Solid Mechanics and Dynamics' });
    await submit('decided', { title: 'Combustion of ammonia', theme: 'Propulsion and Combustion' });
    await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${papers.decided}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'declined', review: 'Out of scope.' },
    });
    await t.app.inject({
      method: 'POST',
      url: `${API}/admin/papers/${papers.declared}/conflicts`,
      headers: { cookie: admin.cookie },
      payload: { memberId, note: 'Her former doctoral student' },
    });
  });
  afterAll(() => t.close());

  const list = async (cookie = reviewer.cookie) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/committee/bids`, headers: { cookie } });
    return res;
  };
  const bid = (paperId: string, value: string | null, cookie = reviewer.cookie) =>
    t.app.inject({
      method: 'PUT',
      url: `${API}/committee/bids/${paperId}`,
      headers: { cookie },
      payload: { bid: value },
    });
  const listed = async () => ((await list()).json().bidding as Bidding).papers;

  it('lists the undecided papers the member is not conflicted with, titles and themes only, their themes first', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const bidding = res.json().bidding as Bidding;
    expect(bidding).toMatchObject({ open: true, themes: ['Solid Mechanics and Dynamics'] });
    expect(bidding.papers.map((paper) => paper._id)).toEqual([papers.solids, papers.fluids]);
    expect(Object.keys(bidding.papers[0]!).sort()).toEqual(['_id', 'bid', 'theme', 'title']);
    // Nothing of the authors, nor of the papers kept from the member, anywhere in the answer.
    expect(res.body).not.toContain('Author ');
    expect(res.body).not.toContain('Fatigue of welded joints');
    expect(res.body).not.toContain('Granular flows');
  });

  it('saves, changes and clears a bid, and turns a "Conflict" bid into the member’s own declaration', async () => {
    expect((await bid(papers.solids!, 'eager')).json().message).toBe(
      BIDDING_TEXTS.saved('Buckling of thin shells', 'eager'),
    );
    expect((await bid(papers.solids!, 'willing')).statusCode).toBe(200);
    expect((await listed()).find((p) => p._id === papers.solids)?.bid).toBe('willing');

    const conflict = await bid(papers.fluids!, 'conflict');
    expect([conflict.statusCode, conflict.json().message]).toEqual([200, BIDDING_TEXTS.conflictKept]);
    const current = () =>
      t.app.ctx.db
        .select()
        .from(conflictRecords)
        .where(and(eq(conflictRecords.paperId, papers.fluids!), isNull(conflictRecords.endedAt)));
    expect((await current()).map((r) => r.kind)).toEqual(['declared_by_member']);
    // Still listed, so that she can change her mind; the organiser sees it as hers.
    expect((await listed()).find((p) => p._id === papers.fluids)?.bid).toBe('conflict');
    const organiserView = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/papers/${papers.fluids}/conflicts`,
      headers: { cookie: admin.cookie },
    });
    expect(organiserView.json().conflicts.members[0]).toMatchObject({
      conflicted: true,
      record: { kind: 'declared_by_member' },
    });

    expect((await bid(papers.fluids!, 'not_my_area')).statusCode).toBe(200);
    expect(await current()).toEqual([]);
    expect((await bid(papers.fluids!, null)).json().message).toBe(
      BIDDING_TEXTS.saved('Vortex rings in a stratified fluid', null),
    );
    expect((await listed()).find((p) => p._id === papers.fluids)?.bid).toBeNull();
  });

  it('answers 404 for a paper kept from the member, a decided one or none, and 400 for a bid it does not know', async () => {
    for (const paperId of [
      papers.colleague!,
      papers.declared!,
      papers.decided!,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await bid(paperId, 'eager');
      expect([res.statusCode, res.json().message], paperId).toEqual([404, BIDDING_TEXTS.paperNotFound]);
    }
    expect((await bid(papers.solids!, 'keen')).statusCode).toBe(400);
    expect((await bid(papers.solids!, undefined as unknown as null)).statusCode).toBe(400);
  });

  it('refuses accounts outside the committee, and members once removed', async () => {
    const author = await createTestUser(t.app);
    expect([(await list(author.cookie)).statusCode, (await list(author.cookie)).json().message]).toEqual([
      403,
      MEMBERS_ONLY,
    ]);
    expect((await bid(papers.solids!, 'eager', author.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${API}/committee/bids` })).statusCode).toBe(401);
  });

  it('takes no bid outside the Bidding dates, and says when', async () => {
    const closed = await createTestApp({
      conferenceDates: { ...OPEN_DEADLINES, biddingCloses: '2025-10-20T23:59:59+05:30' },
    });
    try {
      const member = await createTestUser(closed.app);
      await closed.app.ctx.db.insert(committeeMembers).values({
        name: 'Late Reviewer',
        email: member.email,
        themes: ['Solid Mechanics and Dynamics'],
        maxPapers: 3,
        status: 'accepted',
        userId: member.user._id,
      });
      const author = await createTestUser(closed.app);
      const paper = await createTestPaper(closed.app, author);
      const res = await closed.app.inject({
        method: 'PUT',
        url: `${API}/committee/bids/${paper._id}`,
        headers: { cookie: member.cookie },
        payload: { bid: 'eager' },
      });
      expect([res.statusCode, res.json().message]).toEqual([403, BIDDING_TEXTS.closed('2025-10-20T23:59:59+05:30')]);
      const view = await closed.app.inject({
        method: 'GET',
        url: `${API}/committee/bids`,
        headers: { cookie: member.cookie },
      });
      expect(view.json().bidding).toMatchObject({ open: false, closesAt: '2025-10-20T23:59:59+05:30' });
    } finally {
      await closed.close();
    }
  });

  it('keeps a removed member out', async () => {
    await t.app.ctx.db.update(committeeMembers).set({ status: 'revoked' }).where(eq(committeeMembers.id, memberId));
    expect((await list()).statusCode).toBe(403);
    expect((await bid(papers.solids!, 'eager')).statusCode).toBe(403);
  });
});
