import { useEffect } from 'react';
import type { PreflightKind } from '@shared/schemas/preflight.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { errorText } from '@client/lib/api.ts';
import { usePreflightCheck } from '@client/lib/preflight-api.ts';
import { PreflightReportView } from './preflight-report.tsx';

/**
 * Checks a file as soon as it is chosen, with the server's own preflight, and shows the report
 * before "Submit": warnings leave submitting open, refusals say what to fix.
 */
export function ChosenFileCheck({ file, kind }: { file: File | null; kind: PreflightKind }) {
  const check = usePreflightCheck(kind);
  const { mutate, reset } = check;
  // A file that is not a PDF is refused by the form's own check; only PDFs are sent.
  const isPdf = !!file && (file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf'));
  useEffect(() => {
    if (file && isPdf) mutate(file);
    else reset();
  }, [file, isPdf, mutate, reset]);
  if (!file || !isPdf) return null;
  if (check.isPending)
    return (
      <p role="status" className="text-sm text-slate-600">
        Checking your PDF…
      </p>
    );
  if (check.isError) return <Alert tone="info">{errorText(check.error, 'Your PDF could not be checked.')}</Alert>;
  return check.data ? (
    <div aria-live="polite">
      <PreflightReportView report={check.data} />
    </div>
  ) : null;
}
