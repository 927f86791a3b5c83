import type { AppContext } from '@server/context.ts';
import { currentDates, datesChangedAt } from '../deadlines/deadlines.service.ts';
import type { ScheduleSite } from './schedule-formats.ts';

/** Where the schedule lives and the conference's dates in force: what the feeds and calendar files say. */
export async function scheduleSite(ctx: AppContext): Promise<ScheduleSite> {
  const dates = await currentDates(ctx);
  return {
    siteUrl: `${ctx.config.publicUrl}${ctx.config.basePath}`,
    conferenceStarts: dates.conferenceStarts,
    conferenceEnds: dates.conferenceEnds,
    daysChangedAt: await datesChangedAt(ctx, ['conferenceStarts', 'conferenceEnds']),
  };
}
