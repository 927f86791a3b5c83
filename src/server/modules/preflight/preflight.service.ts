import { buffer } from 'node:stream/consumers';
import { createHash } from 'node:crypto';
import {
  NO_PAGE_LIMITS,
  type PageLimits,
  type PreflightKind,
  type PreflightReport,
} from '@shared/schemas/preflight.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { findingsFor, pageSizeLabel, verdictOf } from './preflight-findings.ts';
import { inspectInWorker, type PreflightLimits } from './preflight-pool.ts';
import * as repo from './preflight.repository.ts';

/** Raised when what the checker measures changes: files measured by an older one are measured again. */
export const CHECKER_VERSION = 1;

type Ctx = Pick<AppContext, 'db' | 'store' | 'log'> & { preflightLimits?: PreflightLimits };

export async function pageLimits(ctx: Pick<AppContext, 'db'>): Promise<PageLimits> {
  return (await repo.findPageLimits(ctx.db)) ?? NO_PAGE_LIMITS;
}

export async function updatePageLimits(
  ctx: Pick<AppContext, 'db'>,
  actor: PublicUser,
  limits: PageLimits,
): Promise<PageLimits> {
  await repo.savePageLimits(ctx.db, limits, actor._id);
  return limits;
}

function reportOf(row: repo.PreflightRow, kind: PreflightKind, limits: PageLimits): PreflightReport {
  const findings = findingsFor(row.facts, kind, limits);
  return {
    sha256: row.sha256,
    kind,
    verdict: verdictOf(findings),
    pageCount: row.facts.pageCount,
    // "A4, 3 pages": a bare "(3)" read as a size, not a count, beside Pages.
    pageSizes: row.facts.pageSizes.map(
      (size) => `${pageSizeLabel(size)}, ${size.pages} ${size.pages === 1 ? 'page' : 'pages'}`,
    ),
    fonts: row.facts.fonts,
    findings,
    checkedAt: row.checkedAt.toISOString(),
  };
}

/**
 * The one entry point for a PDF's preflight: the report of `bytes` checked as `kind`. Measured in a
 * worker thread once per content (by SHA-256, in the database, so every process shares it); the
 * findings are worded with today's page limits. Never throws for a bad file: it is reported.
 */
export async function preflightPdf(
  ctx: Ctx,
  bytes: Uint8Array,
  kind: PreflightKind,
  sha256 = createHash('sha256').update(bytes).digest('hex'),
): Promise<PreflightReport> {
  const row = await measuredOnce(ctx, sha256, () => Promise.resolve(bytes));
  return reportOf(row, kind, await pageLimits(ctx));
}

/** The same, for a file already in the store (read only when it was never measured). */
export async function preflightStoredFile(
  ctx: Ctx,
  file: { key: string; sha256: string },
  kind: PreflightKind,
): Promise<PreflightReport> {
  const row = await measuredOnce(ctx, file.sha256, async () => buffer(await ctx.store.open(file.key)));
  return reportOf(row, kind, await pageLimits(ctx));
}

/** A stored result only (never runs the check): null when the file was never measured. */
export async function storedPreflight(
  ctx: Pick<AppContext, 'db'>,
  sha256: string,
  kind: PreflightKind,
  limits?: PageLimits,
): Promise<PreflightReport | null> {
  const row = await repo.findPreflight(ctx.db, sha256);
  return row && row.checkerVersion === CHECKER_VERSION ? reportOf(row, kind, limits ?? (await pageLimits(ctx))) : null;
}

/**
 * At upload: refuses (400, naming the finding) a file with a refused finding; a file with
 * warnings is taken, its report kept by its hash for the organisers.
 */
export async function assertPreflightAccepts(
  ctx: Ctx,
  file: { key: string; sha256: string },
  kind: PreflightKind,
): Promise<PreflightReport> {
  const report = await preflightStoredFile(ctx, file, kind);
  const refused = report.findings.find((f) => f.severity === 'refused');
  if (refused) throw new AppError('bad_request', refused.message);
  return report;
}

async function measuredOnce(ctx: Ctx, sha256: string, read: () => Promise<Uint8Array>): Promise<repo.PreflightRow> {
  const known = await repo.findPreflight(ctx.db, sha256);
  if (known && known.checkerVersion === CHECKER_VERSION) return known;
  const started = performance.now();
  const outcome = await inspectInWorker(await read(), ctx.preflightLimits);
  const durationMs = Math.round(performance.now() - started);
  if (outcome.failure)
    ctx.log.warn({ sha256, failure: outcome.failure, durationMs }, 'A PDF stopped its preflight; it is refused.');
  await repo.savePreflight(ctx.db, {
    sha256,
    checkerVersion: CHECKER_VERSION,
    facts: outcome.facts,
    failure: outcome.failure ?? null,
    verdict: verdictOf(findingsFor(outcome.facts, 'abstract', NO_PAGE_LIMITS)),
    durationMs,
  });
  return (await repo.findPreflight(ctx.db, sha256))!;
}
