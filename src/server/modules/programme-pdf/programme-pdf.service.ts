import { createHash } from 'node:crypto';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import type { AppContext } from '@server/context.ts';
import { findLatestVersion } from '../programme/programme.repository.ts';
import type { Feed } from '../programme-feeds/programme-feeds.service.ts';

/** The last version drawn by this process: a version never changes, so it is drawn once. */
let drawn: { edition: number; publishedAt: number; feed: Feed } | undefined;

/** "Programme (PDF)" of the latest published version; undefined before the first publication. */
export async function programmePdf(ctx: AppContext): Promise<Feed | undefined> {
  const latest = await findLatestVersion(ctx.db);
  if (!latest) return undefined;
  if (drawn?.edition === latest.number && drawn.publishedAt === latest.publishedAt.getTime()) return drawn.feed;
  // Loaded at the first drawing, with pdf-lib and the fonts: most processes never draw one.
  const { buildProgrammePdf } = await import('./programme-pdf.ts');
  const pdf = Buffer.from(await buildProgrammePdf(latest.programme as PublishedProgramme));
  const digest = createHash('sha256').update(pdf).digest('base64url').slice(0, 22);
  const feed: Feed = {
    body: pdf,
    contentType: 'application/pdf',
    etag: `"v${latest.number}-pdf-${digest}"`,
    lastModified: latest.publishedAt,
  };
  drawn = { edition: latest.number, publishedAt: latest.publishedAt.getTime(), feed };
  return feed;
}
