import { buttonClass } from '@client/components/ui/button.tsx';
import { documentUrl } from './document-url.ts';

interface DocumentLinksProps {
  fileName: string;
  viewLabel: string;
  downloadLabel: string;
  className?: string;
}

/** View (in a new tab) and Download buttons for one PDF. */
export function DocumentLinks({ fileName, viewLabel, downloadLabel, className = '' }: DocumentLinksProps) {
  const url = documentUrl(fileName);
  return (
    <div className={`flex flex-col gap-3 sm:flex-row ${className}`}>
      <a href={url} target="_blank" rel="noopener" className={buttonClass('primary')}>
        <EyeIcon />
        {viewLabel}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <a href={url} download={fileName} className={buttonClass('secondary')}>
        <DownloadIcon />
        {downloadLabel}
      </a>
    </div>
  );
}

function EyeIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function DownloadIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16" />
    </svg>
  );
}
