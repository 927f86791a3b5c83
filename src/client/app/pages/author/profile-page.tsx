import { lazy } from 'react';
import { Link, Navigate } from 'react-router';
import type { PublicUser } from '@shared/schemas/user.ts';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { Card } from '@client/components/ui/card.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { useUserPapers } from '@client/features/papers/papers-api.ts';
import { UserPapersPanel } from '@client/features/papers/user-papers-panel.tsx';
import { useRefreshChatUnread, useChatUnreadCounts } from '@client/features/chat/chat-api.ts';
import { ChatButton } from '@client/features/chat/chat-button.tsx';
import { PaperLetters } from '@client/features/letters/paper-letters.tsx';
import { PaperCertificates } from '@client/features/certificates/paper-certificates.tsx';
import { YourPresentation } from '@client/features/schedule/your-presentation.tsx';
import { useAuth } from '@client/lib/auth-api.ts';
import { useExactDocumentTitle } from '@client/lib/use-document-title.ts';
import { SignInGuard } from './sign-in-guard.tsx';
import { currentConference } from '@shared/conference.ts';

// The response to the reviews holds a file form (the form libraries): fetched after the first
// paint, and only by an author with a paper that has reached that stage.
const ResponseSection = lazy(async () => ({
  default: (await import('@client/features/author-responses/response-form.tsx')).ResponseSection,
}));

export default function ProfilePage() {
  const { user, isAdmin } = useAuth();
  // A volunteer account has the check-in desk and nothing else: sign-in lands here, it goes on there.
  const volunteer = user?.role === 'volunteer';
  const unreadMessages = useChatUnreadCounts(Boolean(user) && !volunteer).data?.totalUnread ?? 0;
  const refreshUnread = useRefreshChatUnread();
  // Spec: "(n) ICTACEM 2025 Profile" while unread chat messages exist.
  useExactDocumentTitle(
    unreadMessages > 0
      ? `(${unreadMessages}) ${currentConference().shortName} Profile`
      : `${currentConference().shortName} Profile`,
  );

  return (
    <SignInGuard
      signedOut={{ notice: 'Please log in to view your profile. Redirecting to the login page...' }}
      loadingLabel="Loading your profile..."
    >
      {(user) =>
        volunteer ? (
          <Navigate to="/admin/check-in" replace />
        ) : (
          <Profile user={user} isAdmin={isAdmin} onPapersLoaded={refreshUnread} />
        )
      }
    </SignInGuard>
  );
}

function Profile({
  user,
  isAdmin,
  onPapersLoaded,
}: {
  user: PublicUser;
  isAdmin: boolean;
  onPapersLoaded: () => void;
}) {
  return (
    <PageContainer className="py-8 sm:py-12">
      <ProfileHeader user={user} isAdmin={isAdmin} />
      <UserPapersPanel
        onLoaded={onPapersLoaded}
        chatFor={(paper) => (
          <ChatButton paperId={paper._id} paperTitle={paper.title} label="Ask Doubts" variant="secondary" />
        )}
        lettersFor={(paper) => (
          <>
            <PaperLetters paper={paper} />
            <PaperCertificates paper={paper} />
          </>
        )}
        responseFor={(paper) => (
          <LoadBoundary fallback={null}>
            <ResponseSection paperId={paper._id} awaited={paper.status === 'author_response_awaited'} />
          </LoadBoundary>
        )}
        presentationFor={(paper) => (
          <YourPresentation paperId={paper._id} accepted={paper.status === 'abstract_accepted'} />
        )}
      />
    </PageContainer>
  );
}

function ProfileHeader({ user, isAdmin }: { user: PublicUser; isAdmin: boolean }) {
  const papers = useUserPapers();
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="flex min-w-0 flex-wrap items-center gap-3 text-2xl font-bold text-brand-900">
          <span className="break-words text-balance">
            Welcome, <span data-testid="welcome-username">{user.username}</span>
          </span>
          {isAdmin && (
            <span className="rounded-full bg-purple-100 px-3 py-1 text-xs font-semibold text-purple-800">Admin</span>
          )}
        </h1>
        {/* max-sm: a variant, so it wins over the inline-flex that buttonClass sets. */}
        <ButtonLink to="/submit" className="max-sm:hidden">
          Submit New Paper
        </ButtonLink>
        <ButtonLink to="/submit-paper" className="sm:hidden">
          New Paper
        </ButtonLink>
      </div>
      {/* The e-mail gets the widest column: addresses are long and should not wrap at desktop width. */}
      <dl className="mt-6 grid gap-x-8 gap-y-4 border-t border-slate-200 pt-5 text-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 sm:col-span-2 lg:col-span-1">
          <dt className="font-medium text-slate-500">Email</dt>
          <dd className="break-words text-slate-900">
            <EmailAddress email={user.email} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Conference User ID</dt>
          <dd className="font-mono text-slate-900" data-testid="custom-user-id">
            {user.customUserId}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Papers Submitted</dt>
          <dd className="text-slate-900" data-testid="paper-count">
            {papers.data?.length ?? '-'}
          </dd>
        </div>
      </dl>
      <p className="mt-5 text-sm">
        <Link to="/account" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Password and sessions
        </Link>
        <span className="text-slate-600">: change your password, see where you are signed in.</span>
      </p>
    </Card>
  );
}

/** Offers a line break before the @, so a long address on a phone wraps there rather than mid-word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
