import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { TIMINGS } from '@shared/constants.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import { Button } from '@client/components/ui/button.tsx';
import { CenteredCard } from '@client/components/ui/card.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useAuth } from '@client/lib/auth-api.ts';

/**
 * What a signed-out visitor meets, as the spec has it per page: a notice and, after a moment,
 * the login page; a card with a login button; or the login page at once. Each comes back here
 * after signing in. The server refuses their calls either way.
 */
export type SignedOutView = { notice: string } | { loginCard: string } | 'redirect';

interface SignInGuardProps {
  signedOut: SignedOutView;
  loadingLabel?: string;
  /** What a signed-in user sees. */
  children: (user: PublicUser) => ReactNode;
}

export function SignInGuard({ signedOut, loadingLabel = 'Loading...', children }: SignInGuardProps) {
  const { user, isLoading } = useAuth();
  const from = useLocation().pathname;
  if (isLoading) return <Spinner label={loadingLabel} fillsPage />;
  if (user) return children(user);
  if (signedOut === 'redirect') return <Navigate to="/login" replace state={{ from }} />;
  if ('loginCard' in signedOut) return <LoginCard text={signedOut.loginCard} from={from} />;
  return <AuthenticationRequired text={signedOut.notice} from={from} />;
}

function AuthenticationRequired({ from, text }: { from: string; text: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/login', { replace: true, state: { from } }), TIMINGS.loginRedirectMs);
    return () => clearTimeout(timer);
  }, [navigate, from]);
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">Authentication Required</h1>
      <p className="mt-3 text-slate-600">{text}</p>
    </div>
  );
}

function LoginCard({ from, text }: { from: string; text: string }) {
  const navigate = useNavigate();
  return (
    <CenteredCard title="Authentication Required">
      <p className="text-center text-slate-600">{text}</p>
      <Button className="mt-6 w-full" onClick={() => navigate('/login', { state: { from } })}>
        Go to Login
      </Button>
    </CenteredCard>
  );
}
