import { Component, type ReactNode, Suspense } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

interface LoadBoundaryProps {
  /** Shown while the part's code is fetched. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Where a part of a page is fetched when it is opened (React's `lazy`): its loading state, and,
 * when its code cannot be fetched (the network dropped, or the site was updated meanwhile), a
 * message in its place instead of an error over the whole page, so the rest keeps what was typed.
 */
export function LoadBoundary({ fallback, children }: LoadBoundaryProps) {
  return (
    <LoadErrorBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadErrorBoundary>
  );
}

class LoadErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert className="my-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>This part of the page could not be loaded.</p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </div>
      </Alert>
    );
  }
}
