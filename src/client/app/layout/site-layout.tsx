import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useAuth } from '@client/lib/auth-api.ts';
import { LiveUpdates } from '@client/live/live-updates-api.ts';
import { SiteFooter } from './site-footer.tsx';
import { ScrollOnNavigate } from './scroll-on-navigate.tsx';
import { SiteHeader } from './site-header.tsx';

function FocusMainOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Moves keyboard and screen-reader focus to the new page's content after navigation.
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

const ENROL_PATH = '/account/two-factor';

/**
 * The page, or for an admin without a second factor the set-up before anything else: the page is
 * never rendered, so it asks the server for nothing the server would refuse.
 */
function PageOrEnrolment() {
  const { pathname } = useLocation();
  const { mustEnrolTwoFactor } = useAuth();
  return mustEnrolTwoFactor && pathname !== ENROL_PATH ? <Navigate to={ENROL_PATH} replace /> : <Outlet />;
}

export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <LoadBoundary
          fallback={<Spinner label="Loading..." fillsPage />}
          failure="This page could not be shown."
          resetOn={pathname}
        >
          <PageOrEnrolment />
        </LoadBoundary>
      </main>
      <SiteFooter />
      <ScrollOnNavigate />
      <FocusMainOnNavigate />
      <LiveUpdates />
    </div>
  );
}
