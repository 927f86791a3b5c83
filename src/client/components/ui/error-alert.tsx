import type { ReactNode } from 'react';

/** A failure said at once to a screen reader, in the red box dialogs use. */
export function ErrorAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}>
      {children}
    </p>
  );
}

/**
 * A page's data that could not be loaded, in the place its spinner held (`Spinner fillsPage`):
 * as tall as the window, so the footer does not jump up when the error replaces the spinner.
 */
export function PageLoadError({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen px-4 py-16">
      <div
        role="alert"
        className="mx-auto max-w-md rounded-md bg-red-50 px-4 py-3 text-center font-medium text-red-800"
      >
        {children}
      </div>
    </div>
  );
}
