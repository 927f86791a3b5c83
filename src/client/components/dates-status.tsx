import { Button } from './ui/button.tsx';
import { Alert } from './ui/alert.tsx';

/** Grey bars where dates will appear, with a text for screen readers. */
export function DatesSkeleton({ lines = 1, className = '' }: { lines?: number; className?: string }) {
  return (
    <div role="status" className={`space-y-2 ${className}`}>
      <span className="sr-only">Loading the dates...</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="block h-5 w-3/4 animate-pulse rounded bg-slate-200" aria-hidden="true" />
      ))}
    </div>
  );
}

/** The dates could not be loaded: said plainly, with a way to ask again. */
export function DatesLoadError({
  onRetry,
  retrying,
  className = '',
}: {
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}) {
  return (
    <Alert className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>The conference dates could not be loaded.</p>
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
      </div>
    </Alert>
  );
}
