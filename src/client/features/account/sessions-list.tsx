import type { AccountSession } from '@shared/schemas/auth.ts';
import { Button } from '@client/components/ui/button.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useAccountSessions, useEndOtherSessions, useEndSession } from './account-api.ts';

/** Every signed-in session of the account, this one first marked, each with its own way out. */
export function SessionsList() {
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  const toast = useToast();

  if (sessions.isPending) return <Spinner label="Loading your sessions..." />;
  if (sessions.isError)
    return <p className="text-red-700">{errorText(sessions.error, 'Your sessions could not be loaded.')}</p>;
  const others = sessions.data.filter((s) => !s.current).length;

  return (
    <div className="space-y-4">
      <ul
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
        aria-label="Signed-in sessions"
      >
        {sessions.data.map((session) => (
          <SessionRow key={session._id} session={session} />
        ))}
      </ul>
      {others > 0 ? (
        <Button
          variant="secondary"
          disabled={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) => toast.success(`Signed out ${ended} other session${ended === 1 ? '' : 's'}.`),
              onError: (error) => toast.error(errorText(error, 'The other sessions could not be signed out.')),
            })
          }
        >
          Sign out everywhere else
        </Button>
      ) : (
        <p className="text-sm text-slate-600">This is your only signed-in session.</p>
      )}
    </div>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const toast = useToast();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="session-row">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {session.device}
          {session.current && (
            <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
              This session
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600">
          {session.address || 'Unknown address'} · signed in {formatDateTime(session.createdAt)} · last seen{' '}
          {formatDateTime(session.lastSeenAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          disabled={end.isPending}
          aria-label={`Sign out ${session.device}, last seen ${formatDateTime(session.lastSeenAt)}`}
          onClick={() =>
            end.mutate(session._id, {
              onError: (error) => toast.error(errorText(error, 'This session could not be signed out.')),
            })
          }
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
