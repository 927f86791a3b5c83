import { createHash } from 'node:crypto';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import type { AppContext } from '@server/context.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import { findLatestVersion } from '../programme/programme.repository.ts';
import { type ScheduleSite, scheduleIcs, scheduleJson, scheduleXml } from './schedule-formats.ts';

export const FEED_FORMATS = {
  ics: { contentType: 'text/calendar; charset=utf-8', render: scheduleIcs },
  json: {
    contentType: 'application/json; charset=utf-8',
    render: (programme: PublishedProgramme, site: ScheduleSite) => `${JSON.stringify(scheduleJson(programme, site))}\n`,
  },
  xml: { contentType: 'application/xml; charset=utf-8', render: scheduleXml },
} as const;
export type FeedFormat = keyof typeof FEED_FORMATS;

export interface Feed {
  body: string;
  contentType: string;
  /** Changes with the published version and with anything else the body says (the site's address, the dates). */
  etag: string;
  lastModified: Date;
}

/** The latest published programme in one of the standard formats; undefined before the first publication. */
export async function programmeFeed(ctx: AppContext, format: FeedFormat): Promise<Feed | undefined> {
  const latest = await findLatestVersion(ctx.db);
  if (!latest) return undefined;
  const dates = await currentDates(ctx);
  const site: ScheduleSite = {
    siteUrl: `${ctx.config.publicUrl}${ctx.config.basePath}`,
    conferenceStarts: dates.conferenceStarts,
    conferenceEnds: dates.conferenceEnds,
  };
  const { contentType, render } = FEED_FORMATS[format];
  const body = render(latest.programme as PublishedProgramme, site);
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return { body, contentType, etag: `"v${latest.number}-${digest}"`, lastModified: latest.publishedAt };
}

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is the feed as it is. */
export function isFresh(feed: Feed, headers: { 'if-none-match'?: string; 'if-modified-since'?: string }): boolean {
  const tags = headers['if-none-match'];
  if (tags !== undefined)
    return tags
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === feed.etag || tag === '*');
  const since = headers['if-modified-since'] ? Date.parse(headers['if-modified-since']) : Number.NaN;
  // HTTP dates carry whole seconds.
  return !Number.isNaN(since) && Math.floor(feed.lastModified.getTime() / 1000) * 1000 <= since;
}
