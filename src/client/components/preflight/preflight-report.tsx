import type { PreflightReport } from '@shared/schemas/preflight.ts';
import { PREFLIGHT_VERDICT_LABELS } from '@shared/domain/preflight-verdicts.ts';

const VERDICT_CLASSES: Record<PreflightReport['verdict'], string> = {
  passed: 'border-green-200 bg-green-50 text-green-900',
  warnings: 'border-amber-200 bg-amber-50 text-amber-950',
  refused: 'border-red-200 bg-red-50 text-red-900',
  not_checked: 'border-slate-200 bg-slate-50 text-slate-800',
};

const HEADINGS: Record<PreflightReport['verdict'], string> = {
  passed: 'PDF check: no problems found',
  warnings: 'PDF check: you can submit, but please read the warnings',
  refused: 'PDF check: this file cannot be submitted',
  not_checked: 'PDF check: not checked',
};

/** A PDF's preflight report: its verdict, each finding in the author's words, pages, sizes and fonts. */
export function PreflightReportView({ report, title }: { report: PreflightReport; title?: string }) {
  const fontsNotEmbedded = report.fonts.filter((font) => !font.embedded);
  return (
    <section
      aria-label={title ?? 'PDF check'}
      data-testid="preflight-report"
      className={`rounded-lg border p-4 text-sm ${VERDICT_CLASSES[report.verdict]}`}
    >
      <h3 className="font-semibold">
        {title ? `${title}: ${PREFLIGHT_VERDICT_LABELS[report.verdict]}` : HEADINGS[report.verdict]}
      </h3>
      {report.findings.length > 0 && (
        <ul className="mt-2 space-y-1.5">
          {report.findings.map((finding) => (
            <li key={finding.code} className="flex gap-2">
              <span
                className={`shrink-0 self-start rounded px-1.5 py-0.5 text-xs font-bold uppercase ${
                  finding.severity === 'refused' ? 'bg-red-700 text-white' : 'bg-amber-700 text-white'
                }`}
              >
                {finding.severity === 'refused' ? 'Refused' : 'Warning'}
              </span>
              <span className="min-w-0 break-words">{finding.message}</span>
            </li>
          ))}
        </ul>
      )}
      {report.pageCount > 0 && (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Pages</dt>
          <dd>{report.pageCount}</dd>
          <dt className="font-semibold">Page size</dt>
          <dd>{report.pageSizes.join('; ')}</dd>
          <dt className="font-semibold">Fonts</dt>
          <dd className="break-words">
            {report.fonts.length === 0
              ? 'none'
              : `${report.fonts.length} (${fontsNotEmbedded.length === 0 ? 'all embedded' : `${fontsNotEmbedded.length} not embedded`})`}
          </dd>
        </dl>
      )}
    </section>
  );
}
