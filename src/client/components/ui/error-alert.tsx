import type { ReactNode } from 'react';

/** A failure said at once to a screen reader, in the red box dialogs use. */
export function ErrorAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}>
      {children}
    </p>
  );
}
