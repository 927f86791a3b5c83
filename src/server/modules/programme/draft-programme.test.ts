import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DraftCell, type DraftPaper, planDraft } from './draft-programme.ts';

const at = (day: number, clock: string) => new Date(`2025-12-1${day}T${clock}:00+05:30`);
/** Two rooms, two 90-minute slots a day for `days` days: 6 talks of 15 minutes each. */
function cells(days = 1, rooms = ['hall', 'seminar']): DraftCell[] {
  return Array.from({ length: days }, (_, d) =>
    [
      ['09:30', '11:00'],
      ['11:30', '13:00'],
    ].flatMap(([from, to]) => rooms.map((roomId) => ({ roomId, startsAt: at(5 + d, from!), endsAt: at(5 + d, to!) }))),
  ).flat();
}
const paper = (paperId: string, theme: string, authors: string[] = [`Author of ${paperId}`], poster = false) => ({
  paperId,
  theme,
  poster,
  authors,
});

describe('a first draft from the accepted papers', () => {
  it('gives a large theme parallel sessions, merges the small ones, and puts the posters in a poster session', () => {
    const papers: DraftPaper[] = [
      ...Array.from({ length: 10 }, (_, i) => paper(`f${i}`, 'Fluid Mechanics')),
      paper('c1', 'Combustion'),
      paper('c2', 'Combustion'),
      paper('b1', 'Biomechanics'),
      paper('p1', 'Solid Mechanics', ['Nguyễn Thị Hoa'], true),
      paper('p2', 'Fluid Mechanics', ['Jan Nowak'], true),
    ];
    const plan = planDraft(papers, cells(2), 15);
    expect(plan.unplaced).toEqual([]);
    const fluids = plan.sessions.filter((s) => s.theme === 'Fluid Mechanics');
    expect(fluids.map((s) => [s.title, s.paperIds.length])).toEqual([
      ['Fluid Mechanics 1', 5],
      ['Fluid Mechanics 2', 5],
    ]);
    // Side by side: the same slot, two rooms.
    expect(fluids[0]!.startsAt).toEqual(fluids[1]!.startsAt);
    expect(new Set(fluids.map((s) => s.roomId)).size).toBe(2);
    const mixed = plan.sessions.find((s) => s.title === 'Combustion · Biomechanics')!;
    expect(mixed).toMatchObject({ theme: null, paperIds: ['c1', 'c2', 'b1'] });
    const posters = plan.sessions.find((s) => s.kind === 'poster')!;
    expect(posters.paperIds).toEqual(['p1', 'p2']);
    // The posters take the last free cell.
    expect(posters.startsAt).toEqual(at(6, '11:30'));
    expect(plan.summary).toEqual([
      'Fluid Mechanics: 10 papers in 2 sessions, in parallel where rooms allow.',
      'Combustion (2), Biomechanics (1): too few for a session each, merged into one.',
      '2 posters in one poster session.',
    ]);
  });

  it('says which papers found no room and time', () => {
    const plan = planDraft(
      Array.from({ length: 14 }, (_, i) => paper(`f${i}`, 'Fluid Mechanics')),
      cells(1, ['hall']),
      15,
    );
    // 14 papers need three sessions (5, 5 and 4); one room has two slots.
    expect(plan.sessions).toHaveLength(2);
    expect(plan.unplaced).toHaveLength(4);
    expect(plan.summary.at(-1)).toBe(
      '4 papers left out: no free room and time for them. Add a room or a slot, then draft again.',
    );
  });

  it('never puts an author in two sessions at the same time, whatever the papers', () => {
    const names = ['王伟', 'Анна Петрова', 'Łukasz Zieliński', 'Trần Văn Minh', 'अमित शर्मा', 'Maria Rossi'];
    const themes = ['Fluids', 'Solids', 'Heat', 'Biomechanics'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            theme: fc.constantFrom(...themes),
            authors: fc.subarray(names, { minLength: 1, maxLength: 3 }),
            poster: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        (drawn) => {
          const papers = drawn.map((p, i) => ({ ...p, paperId: `p${i}` }));
          const plan = planDraft(papers, cells(2, ['a', 'b', 'c']), 15);
          const authorsOf = (ids: string[]) =>
            new Set(ids.flatMap((id) => papers.find((p) => p.paperId === id)!.authors));
          // Every paper placed once or listed as left out.
          const placed = plan.sessions.flatMap((s) => s.paperIds);
          expect(new Set([...placed, ...plan.unplaced]).size).toBe(papers.length);
          expect(placed.length + plan.unplaced.length).toBe(papers.length);
          const oral = plan.sessions.filter((s) => s.kind === 'oral');
          oral.forEach((a, i) =>
            oral.slice(i + 1).forEach((b) => {
              if (!(a.startsAt < b.endsAt && b.startsAt < a.endsAt)) return;
              const shared = [...authorsOf(a.paperIds)].filter((name) => authorsOf(b.paperIds).has(name));
              expect(shared, `${a.title} and ${b.title}`).toEqual([]);
            }),
          );
          // No session holds more talks than its time.
          for (const session of oral)
            expect(session.paperIds.length * 15).toBeLessThanOrEqual(
              (session.endsAt.getTime() - session.startsAt.getTime()) / 60_000,
            );
        },
      ),
    );
  });
});
