import { useState, useSyncExternalStore } from 'react';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { DocumentLinks } from './document-links.tsx';
import { documentUrl } from './document-url.ts';

type PreviewState = 'loading' | 'ready' | 'unavailable';

/** Whether the browser has a PDF viewer does not change while the page is open. */
const neverChanges = () => () => undefined;

/**
 * An embedded PDF, or the "PDF preview not available" fallback with View PDF and Download PDF.
 * Browsers without a built-in PDF viewer (most phones) get the fallback straight away.
 */
export function PdfPreview({ fileName, title }: { fileName: string; title: string }) {
  // A new document starts loading afresh rather than keeping the last one's state.
  return <PdfFrame key={fileName} fileName={fileName} title={title} />;
}

function PdfFrame({ fileName, title }: { fileName: string; title: string }) {
  const url = documentUrl(fileName);
  // Unknown (null) as the server renders it and the page hydrates: only the browser knows whether it
  // has a viewer, and a frame in the server's HTML would have a phone fetch the PDF for nothing.
  const hasViewer = useSyncExternalStore(
    neverChanges,
    () => navigator.pdfViewerEnabled,
    () => null,
  );
  const [loaded, setState] = useState<PreviewState>('loading');
  const state = hasViewer === null ? 'pending' : hasViewer ? loaded : 'unavailable';

  if (state === 'unavailable') return <PreviewUnavailable fileName={fileName} />;
  return (
    // The hint covers the frame's own space, so nothing moves when the PDF appears.
    <div className="relative h-[70vh] max-h-[56rem] min-h-[28rem] w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
      {state !== 'pending' && (
        <iframe
          // Fit the page width and hide the thumbnail pane, which would take half of a narrow frame.
          src={`${url}#view=FitH&navpanes=0`}
          title={`${title} (PDF preview)`}
          className="h-full w-full"
          onLoad={(event) => setState(framesPdf(event.currentTarget) ? 'ready' : 'unavailable')}
        />
      )}
      {state !== 'ready' && (
        <div className="absolute inset-0 flex items-center justify-center bg-slate-100">
          <Spinner label="Loading preview..." />
        </div>
      )}
    </div>
  );
}

/**
 * A frame reports no failed load, so the document it loaded tells: the browser's viewer keeps the
 * PDF's content type, a missing file arrives as an error page. This reads the one download the
 * frame made; a viewer that hides its document (null) has shown the PDF itself.
 */
function framesPdf(frame: HTMLIFrameElement): boolean {
  const contentType = frame.contentDocument?.contentType;
  return contentType === undefined || contentType === 'application/pdf';
}

function PreviewUnavailable({ fileName }: { fileName: string }) {
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
