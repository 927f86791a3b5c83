import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { PublicUser } from '@shared/schemas/user.ts';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { Card } from '@client/components/ui/card.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useAuth } from '@client/lib/auth-api.ts';

export type AdminAccess =
  { state: 'loading' } | { state: 'denied'; user: PublicUser | null } | { state: 'admin'; user: PublicUser };

/** Whether the signed-in user may use the admin area (spec 2.2); the server enforces it on every call. */
export function useAdminAccess(): AdminAccess {
  const { user, isLoading, isAdmin } = useAuth();
  if (isLoading) return { state: 'loading' };
  if (user && isAdmin) return { state: 'admin', user };
  return { state: 'denied', user };
}

interface AdminGuardProps {
  /** What an admin sees, given the signed-in admin. */
  children: (admin: PublicUser) => ReactNode;
  /**
   * What a non-admin gets: the Access Denied screen (the /admin page), or a redirect to /admin
   * once the authentication check has finished (the user and paper pages, spec 2.6 and 2.7).
   */
  whenDenied?: 'explain' | 'redirect';
  loadingLabel?: string;
}

export function AdminGuard({
  children,
  whenDenied = 'explain',
  loadingLabel = 'Loading admin dashboard...',
}: AdminGuardProps) {
  const access = useAdminAccess();
  if (access.state === 'loading') return <Spinner label={loadingLabel} fillsPage />;
  if (access.state === 'denied')
    return whenDenied === 'redirect' ? <Navigate to="/admin" replace /> : <AccessDenied user={access.user} />;
  return children(access.user);
}

/**
 * Spec 6 reads the role from the user or from a nested user object. This API sends it on the
 * user, so the nested line normally reads "none"; both are shown so a misplaced role is obvious.
 */
function nestedRole(user: PublicUser | null): string | undefined {
  const nested: unknown = user && (user as { user?: unknown }).user;
  if (typeof nested !== 'object' || nested === null) return undefined;
  const role: unknown = (nested as { role?: unknown }).role;
  return typeof role === 'string' ? role : undefined;
}

function AccessDenied({ user }: { user: PublicUser | null }) {
  const lines: [string, string][] = [
    ['Authenticated', user ? 'yes' : 'no'],
    ['User present', user ? 'yes' : 'no'],
    ['Role', user?.role ?? 'none'],
    ['Nested role', nestedRole(user) ?? 'none'],
  ];
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card className="text-center">
        <div
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-700"
          aria-hidden="true"
        >
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 118 0v4" />
          </svg>
        </div>
        <h1 className="mt-4 text-2xl font-bold text-brand-900">Access Denied</h1>
        <p className="mt-2 text-slate-600">You don't have permission to access the admin area.</p>
        <dl
          className="mt-6 space-y-1 rounded-lg bg-slate-50 px-4 py-3 text-left font-mono text-xs text-slate-600"
          aria-label="Access details"
          data-testid="access-debug"
        >
          {lines.map(([term, value]) => (
            <div key={term} className="flex justify-between gap-4">
              <dt>{term}:</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <ButtonLink to="/" className="mt-6 w-full">
          Return to Homepage
        </ButtonLink>
      </Card>
    </div>
  );
}
