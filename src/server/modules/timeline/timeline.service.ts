import type { PaperTimelineEntry } from '@shared/schemas/timeline.ts';
import type { AppContext } from '@server/context.ts';
import { requirePaper } from '../papers/admin-papers.service.ts';
import { presentTimelineEntry } from './timeline.presenter.ts';
import { findTimelineOfPaper } from './timeline.repository.ts';

/** A paper's timeline, oldest first: every status change, review, evaluation, reset, restore and upload. */
export async function getPaperTimeline(ctx: AppContext, paperId: string): Promise<PaperTimelineEntry[]> {
  await requirePaper(ctx.db, paperId);
  return (await findTimelineOfPaper(ctx.db, paperId)).map(presentTimelineEntry);
}
