import { Spinner } from '@client/components/ui/spinner.tsx';
import { usePaperPreflight } from './preflight-api.ts';
import { PreflightReportView } from '@client/components/preflight/preflight-report.tsx';

/** The organiser's view of a paper's PDF checks: its abstract and its full paper, each as checked at upload. */
export function PaperPreflightPanel({ paperId }: { paperId: string }) {
  const preflight = usePaperPreflight(paperId);
  return (
    <section aria-labelledby="preflight-heading" className="mt-6 space-y-3" data-testid="paper-preflight">
      {/* Beside the review comments' heading, and above the reports' own: a paper awaiting review has no comments. */}
      <h2 id="preflight-heading" className="text-base font-semibold text-slate-900">
        Preflight
      </h2>
      {preflight.isPending && <Spinner label="Loading the PDF checks..." />}
      {preflight.isError && <p className="text-sm text-red-700">The PDF checks could not be loaded.</p>}
      {preflight.data && (
        <>
          {preflight.data.abstract ? (
            <PreflightReportView report={preflight.data.abstract} title="Abstract" />
          ) : (
            <p className="text-sm text-slate-600">Abstract: not checked (no file, or uploaded before the check).</p>
          )}
          {preflight.data.fullPaper && <PreflightReportView report={preflight.data.fullPaper} title="Full paper" />}
          {(preflight.data.abstract?.verdict === 'warnings' || preflight.data.fullPaper?.verdict === 'warnings') && (
            <p className="text-sm text-slate-600">
              To ask the author for a corrected file, use <strong>Reset</strong> under Submission in the review actions:
              the author is told the reason and can upload a new PDF.
            </p>
          )}
        </>
      )}
    </section>
  );
}
