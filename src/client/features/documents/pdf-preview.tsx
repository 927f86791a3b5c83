import { useEffect, useState } from 'react';
import { DocumentLinks } from './document-links.tsx';
import { documentUrl } from './document-url.ts';

type PreviewState = 'checking' | 'ready' | 'unavailable';

/**
 * An embedded PDF, or the "PDF preview not available" fallback with View PDF and Download PDF.
 * A frame cannot report a failed load, so the file is checked first; browsers without a built-in
 * PDF viewer (most phones) get the fallback straight away.
 */
export function PdfPreview({ fileName, title }: { fileName: string; title: string }) {
  const url = documentUrl(fileName);
  const [state, setState] = useState<PreviewState>('checking');

  useEffect(() => {
    if (!navigator.pdfViewerEnabled) {
      setState('unavailable');
      return;
    }
    const controller = new AbortController();
    setState('checking');
    fetch(url, { method: 'HEAD', signal: controller.signal })
      .then((response) => {
        const isPdf = response.ok && (response.headers.get('content-type') ?? '').includes('application/pdf');
        setState(isPdf ? 'ready' : 'unavailable');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('unavailable');
      });
    return () => controller.abort();
  }, [url]);

  const frameClass = 'h-[70vh] max-h-[56rem] min-h-[28rem] w-full rounded-xl border border-slate-200 bg-slate-100';

  if (state === 'ready') {
    // Fit the page width and hide the thumbnail pane, which would take half of a narrow frame.
    return <iframe src={`${url}#view=FitH&navpanes=0`} title={`${title} (PDF preview)`} className={frameClass} />;
  }
  if (state === 'checking') {
    return (
      <div className={`${frameClass} flex items-center justify-center text-sm text-slate-600`} role="status">
        Loading preview...
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <svg
        width="48"
        height="48"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className="text-brand-700"
        aria-hidden="true"
      >
        <path d="M14 3H7a2 2 0 00-2 2v14a2 2 0 002 2h10a2 2 0 002-2V8z" />
        <path d="M14 3v5h5M9 13h6M9 17h4" />
      </svg>
      <p className="mt-4 text-lg font-semibold text-slate-900">PDF preview not available</p>
      <p className="mt-2 max-w-sm text-sm text-slate-600">
        Your browser cannot show the document here. Open it in a new tab or download it instead.
      </p>
      <DocumentLinks fileName={fileName} viewLabel="View PDF" downloadLabel="Download PDF" className="mt-6" />
    </div>
  );
}
