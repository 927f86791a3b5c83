import { Component, type ReactNode, Suspense } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

interface LoadBoundaryProps {
  /** Shown while the part's code is fetched. */
  fallback: ReactNode;
  /** Said in the part's place when it fails. */
  failure?: string;
  /** A value whose change gives the part another try (the page's path, for a whole page). */
  resetOn?: string;
  children: ReactNode;
}

/**
 * Where a part of a page is fetched when it is opened (React's `lazy`): its loading state, and,
 * when its code cannot be fetched (the network dropped, or the site was updated meanwhile), a
 * message in its place instead of an error over the whole page, so the rest keeps what was typed.
 */
export function LoadBoundary({
  fallback,
  failure = 'This part of the page could not be loaded.',
  resetOn,
  children,
}: LoadBoundaryProps) {
  return (
    <LoadErrorBoundary failure={failure} resetOn={resetOn}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadErrorBoundary>
  );
}

interface LoadErrorBoundaryProps {
  failure: string;
  resetOn: string | undefined;
  children: ReactNode;
}

interface LoadErrorBoundaryState {
  failed: boolean;
  resetOn: string | undefined;
}

class LoadErrorBoundary extends Component<LoadErrorBoundaryProps, LoadErrorBoundaryState> {
  override state: LoadErrorBoundaryState = { failed: false, resetOn: this.props.resetOn };

  static getDerivedStateFromError(): Partial<LoadErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: LoadErrorBoundaryProps, state: LoadErrorBoundaryState) {
    return props.resetOn === state.resetOn ? null : { failed: false, resetOn: props.resetOn };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert className="my-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>{this.props.failure}</p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </div>
      </Alert>
    );
  }
}
