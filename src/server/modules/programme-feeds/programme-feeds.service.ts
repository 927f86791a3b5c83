import { createHash } from 'node:crypto';
import { withoutUnpublishable } from '@shared/domain/publishable-text.ts';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import type { AppContext } from '@server/context.ts';
import { scheduleSite } from '../programme/schedule-site.ts';
import { findLatestVersion } from '../programme/programme.repository.ts';
import {
  type ScheduleSite,
  scheduleEvents,
  scheduleIcs,
  scheduleJson,
  scheduleXml,
} from '../programme/schedule-formats.ts';

/** Each format's type, writer, and whether it shows the conference days (the schedule's days). */
export const FEED_FORMATS = {
  ics: { contentType: 'text/calendar; charset=utf-8', render: scheduleIcs, showsDays: false },
  json: {
    contentType: 'application/json; charset=utf-8',
    showsDays: true,
    // Every string without what the other formats cannot carry, so that the three say the same.
    render: (programme: PublishedProgramme, site: ScheduleSite) =>
      `${JSON.stringify(scheduleJson(programme, site), (_, value: unknown) => (typeof value === 'string' ? withoutUnpublishable(value) : value))}\n`,
  },
  xml: { contentType: 'application/xml; charset=utf-8', render: scheduleXml, showsDays: true },
} as const;
export type FeedFormat = keyof typeof FEED_FORMATS;

export interface Feed {
  body: string | Buffer;
  contentType: string;
  /**
   * The body's digest, with the published version for reading: changes with anything the body
   * says (the site's address, the dates) and with nothing else, the time it is asked included.
   */
  etag: string;
  /** The later of the publication and the last change of the saved settings the body shows (the days). */
  lastModified: Date;
}

/** `settingsChangedAt`: when the saved settings the body shows last changed, if it shows any. */
function feedOf(
  body: string,
  contentType: string,
  edition: number,
  publishedAt: Date,
  settingsChangedAt: Date | null,
): Feed {
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  const lastModified = settingsChangedAt && settingsChangedAt > publishedAt ? settingsChangedAt : publishedAt;
  return { body, contentType, etag: `"v${edition}-${digest}"`, lastModified };
}

/** The latest published programme in one of the standard formats; undefined before the first publication. */
export async function programmeFeed(ctx: AppContext, format: FeedFormat): Promise<Feed | undefined> {
  const latest = await findLatestVersion(ctx.db);
  if (!latest) return undefined;
  const { contentType, render, showsDays } = FEED_FORMATS[format];
  const site = await scheduleSite(ctx);
  const body = render(latest.programme as PublishedProgramme, site);
  return feedOf(body, contentType, latest.number, latest.publishedAt, showsDays ? site.daysChangedAt : null);
}

/**
 * One talk, poster or session of the latest published programme as an iCalendar file ("Add to
 * calendar"); undefined when it is not in that programme.
 */
export async function eventCalendar(ctx: AppContext, guid: string): Promise<Feed | undefined> {
  const latest = await findLatestVersion(ctx.db);
  if (!latest) return undefined;
  const programme = latest.programme as PublishedProgramme;
  if (!scheduleEvents(programme).some((event) => event.guid === guid)) return undefined;
  const site = await scheduleSite(ctx);
  const body = scheduleIcs(programme, site, guid);
  return feedOf(body, FEED_FORMATS.ics.contentType, latest.number, latest.publishedAt, null);
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
