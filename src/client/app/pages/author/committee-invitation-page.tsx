import { lazy } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { CenteredCard } from '@client/components/ui/card.tsx';
import { Alert } from '@client/components/ui/alert.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useInvitation } from '@client/features/committee-invitation/invitation-api.ts';
import { errorText } from '@client/lib/api.ts';
import { useAuth } from '@client/lib/auth-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { currentConference } from '@shared/conference.ts';

// Its form libraries load after the page has painted.
const InvitationAnswer = lazy(async () => ({
  default: (await import('@client/features/committee-invitation/invitation-answer.tsx')).InvitationAnswer,
}));

/** /committee-invitation/{token}: the link a committee invitation e-mails, to accept or decline it. */
export default function CommitteeInvitationPage() {
  useDocumentTitle(
    'Committee Invitation',
    `Accept or decline an invitation to the ${currentConference().shortName} programme committee.`,
  );
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const invitation = useInvitation(token);
  const { user, isLoading } = useAuth();

  return (
    <CenteredCard title="Programme committee invitation">
      {invitation.isPending || isLoading ? (
        <Spinner label="Loading the invitation..." />
      ) : invitation.isError ? (
        <div className="space-y-4 text-center">
          <Alert centred>
            {errorText(invitation.error, 'The invitation could not be loaded. Please try again later.')}
          </Alert>
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            Go to the home page
          </Link>
        </div>
      ) : (
        <LoadBoundary fallback={<Spinner label="Loading the invitation..." />}>
          <InvitationAnswer
            token={token}
            invitation={invitation.data.invitation}
            user={user ?? null}
            returnPath={pathname}
          />
        </LoadBoundary>
      )}
    </CenteredCard>
  );
}
