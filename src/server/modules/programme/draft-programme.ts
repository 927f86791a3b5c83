/**
 * "Draft from accepted papers": the accepted papers not yet placed, grouped by theme into oral
 * sessions that fill the free rooms and time slots, and the posters into a poster session. A
 * theme with more papers than a session holds gets parallel sessions; themes too small for a
 * session of their own share one. No author is in two sessions at the same time. Pure: the
 * service reads the papers and the free cells and writes what this returns.
 */
export interface DraftPaper {
  paperId: string;
  theme: string;
  /** The author chose a poster (or video) presentation. */
  poster: boolean;
  /** The authors' names, as printed. */
  authors: readonly string[];
}

/** A room free for one time slot. */
export interface DraftCell {
  roomId: string;
  startsAt: Date;
  endsAt: Date;
}

export interface PlannedSession {
  title: string;
  kind: 'oral' | 'poster';
  theme: string | null;
  roomId: string;
  startsAt: Date;
  endsAt: Date;
  paperIds: string[];
}

export interface DraftPlan {
  sessions: PlannedSession[];
  unplaced: string[];
  /** What the draft did, in the organiser's words. */
  summary: string[];
}

const MINUTE_MS = 60_000;
const minutesOf = (cell: DraftCell) => (cell.endsAt.getTime() - cell.startsAt.getTime()) / MINUTE_MS;
const nameKey = (name: string) => name.trim().toLocaleLowerCase();
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

interface Chunk {
  title: string;
  theme: string | null;
  papers: DraftPaper[];
}

/** Splits a theme's papers into `count` sessions of near-equal size, in their order. */
function split(papers: DraftPaper[], count: number): DraftPaper[][] {
  const parts: DraftPaper[][] = [];
  for (let i = 0, start = 0; i < count; i++) {
    const size = Math.ceil((papers.length - start) / (count - i));
    parts.push(papers.slice(start, start + size));
    start += size;
  }
  return parts;
}

export function planDraft(
  papers: readonly DraftPaper[],
  freeCells: readonly DraftCell[],
  talkMinutes: number,
): DraftPlan {
  const summary: string[] = [];
  const cells = [...freeCells].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const oral = papers.filter((paper) => !paper.poster);
  const posters = papers.filter((paper) => paper.poster);
  // The poster session takes the last free cell; the talks fill the others in time order.
  const posterCell = posters.length > 0 ? cells.pop() : undefined;
  const capacities = cells.map((cell) => Math.floor(minutesOf(cell) / talkMinutes)).filter((n) => n > 0);
  const perSession = capacities.length > 0 ? capacities.sort((a, b) => a - b)[Math.floor(capacities.length / 2)]! : 0;

  const byTheme = new Map<string, DraftPaper[]>();
  for (const paper of oral) byTheme.set(paper.theme, [...(byTheme.get(paper.theme) ?? []), paper]);
  const chunks: Chunk[] = [];
  const small: [string, DraftPaper[]][] = [];
  for (const [theme, themed] of [...byTheme].sort((a, b) => b[1].length - a[1].length)) {
    if (perSession === 0) break;
    // A theme filling at least half a session stands alone; smaller ones share.
    if (themed.length * 2 < perSession) {
      small.push([theme, themed]);
      continue;
    }
    const count = Math.ceil(themed.length / perSession);
    split(themed, count).forEach((part, i) =>
      chunks.push({ title: count > 1 ? `${theme} ${i + 1}` : theme, theme, papers: part }),
    );
    summary.push(
      count > 1
        ? `${theme}: ${plural(themed.length, 'paper')} in ${count} sessions, in parallel where rooms allow.`
        : `${theme}: ${plural(themed.length, 'paper')} in one session.`,
    );
  }
  // Small themes merged in turn until a session is full.
  let merged: [string, DraftPaper[]][] = [];
  const flush = () => {
    if (merged.length === 0) return;
    const themes = merged.map(([theme]) => theme);
    const papersOf = merged.flatMap(([, themed]) => themed);
    // Still too few for a session: they join the session with the most room, if one has enough.
    const host = [...chunks]
      .sort((a, b) => a.papers.length - b.papers.length)
      .find((chunk) => chunk.papers.length + papersOf.length <= perSession);
    if (papersOf.length * 2 < perSession && host) {
      summary.push(
        `${merged.map(([theme, themed]) => `${theme} (${themed.length})`).join(', ')}: too few for a session, joined “${host.title}”.`,
      );
      host.title = `${host.title} · ${themes.join(' · ')}`;
      host.theme = null;
      host.papers = [...host.papers, ...papersOf];
      merged = [];
      return;
    }
    chunks.push({
      title: themes.length === 1 ? themes[0]! : themes.join(' · '),
      theme: themes.length === 1 ? themes[0]! : null,
      papers: papersOf,
    });
    if (themes.length > 1)
      summary.push(
        `${merged.map(([theme, themed]) => `${theme} (${themed.length})`).join(', ')}: too few for a session each, merged into one.`,
      );
    else summary.push(`${themes[0]}: ${plural(merged[0]![1].length, 'paper')} in one session.`);
    merged = [];
  };
  for (const entry of small) {
    const size = merged.reduce((sum, [, themed]) => sum + themed.length, 0);
    if (size + entry[1].length > perSession) flush();
    merged.push(entry);
  }
  flush();

  const sessions: PlannedSession[] = [];
  const unplaced: string[] = [];
  const free = [...cells];
  const overlaps = (a: DraftCell, b: { startsAt: Date; endsAt: Date }) =>
    a.startsAt < b.endsAt && b.startsAt < a.endsAt;
  const authorKeysOf = new Map(papers.map((paper) => [paper.paperId, paper.authors.map(nameKey)]));
  const authorsOf = (list: readonly DraftPaper[]) => new Set(list.flatMap((paper) => authorKeysOf.get(paper.paperId)!));
  for (const chunk of chunks) {
    const authors = authorsOf(chunk.papers);
    const index = free.findIndex(
      (cell) =>
        Math.floor(minutesOf(cell) / talkMinutes) >= chunk.papers.length &&
        !sessions.some(
          (session) =>
            overlaps(cell, session) &&
            session.paperIds.some((id) => authorKeysOf.get(id)!.some((key) => authors.has(key))),
        ),
    );
    if (index === -1) {
      unplaced.push(...chunk.papers.map((paper) => paper.paperId));
      continue;
    }
    const [cell] = free.splice(index, 1);
    sessions.push({
      title: chunk.title,
      kind: 'oral',
      theme: chunk.theme,
      roomId: cell!.roomId,
      startsAt: cell!.startsAt,
      endsAt: cell!.endsAt,
      paperIds: chunk.papers.map((paper) => paper.paperId),
    });
  }
  if (posterCell) {
    sessions.push({
      title: 'Poster session',
      kind: 'poster',
      theme: null,
      roomId: posterCell.roomId,
      startsAt: posterCell.startsAt,
      endsAt: posterCell.endsAt,
      paperIds: posters.map((paper) => paper.paperId),
    });
    summary.push(`${plural(posters.length, 'poster')} in one poster session.`);
  } else if (posters.length > 0) unplaced.push(...posters.map((paper) => paper.paperId));
  if (oral.length > 0 && perSession === 0) unplaced.push(...oral.map((paper) => paper.paperId));
  if (unplaced.length > 0)
    summary.push(
      `${plural(unplaced.length, 'paper')} left out: no free room and time for them. Add a room or a slot, then draft again.`,
    );
  return { sessions, unplaced, summary };
}
