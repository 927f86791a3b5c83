import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'info';

const TONE_CLASSES: Record<AlertTone, string> = {
  error: 'bg-red-50 text-red-800',
  success: 'bg-green-50 text-green-800',
  info: 'bg-sky-50 text-sky-900',
};

/**
 * The one box for a sentence the user must notice: a failure (`error`, read out at once as an
 * alert), or a success or a notice (`success`, `info`, read out politely as a status).
 * `centred` is the larger box that stands in for content that could not be loaded.
 */
export function Alert({
  tone = 'error',
  centred = false,
  className = '',
  testId,
  children,
}: {
  tone?: AlertTone;
  centred?: boolean;
  /** Spacing around the box only. */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const shape = centred ? 'px-4 py-3 text-center' : 'px-3 py-2 text-sm';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={`rounded-md font-medium ${shape} ${TONE_CLASSES[tone]} ${className}`}
    >
      {children}
    </div>
  );
}

/**
 * A page's data that could not be loaded, in the place its spinner held (`Spinner fillsPage`):
 * as tall as the window, so the footer does not jump up when the error replaces the spinner.
 */
export function PageLoadError({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen px-4 py-16">
      <Alert centred className="mx-auto max-w-md">
        {children}
      </Alert>
    </div>
  );
}
