import { useState } from 'react';
import { Button } from '@client/components/ui/button.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useEndUserSessions } from './admin-users-api.ts';

/** Signs a user out on every device (a lost laptop, a shared account), after a second click to confirm. */
export function EndUserSessions({ userId, username }: { userId: string; username: string }) {
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const end = useEndUserSessions(userId);
  if (!confirming) {
    return (
      <Button variant="secondary" className="w-full" onClick={() => setConfirming(true)}>
        Sign out everywhere
      </Button>
    );
  }
  return (
    <div className="space-y-2 text-left" role="group" aria-label="Confirm signing out">
      <p className="text-sm text-slate-700">
        Sign {username} out on every device? They can sign in again with their password.
      </p>
      <div className="flex gap-2">
        <Button
          variant="danger"
          disabled={end.isPending}
          onClick={() =>
            end.mutate(undefined, {
              onSuccess: ({ message }) => {
                toast.success(message);
                setConfirming(false);
              },
              onError: (error) => toast.error(errorText(error, 'The user could not be signed out.')),
            })
          }
        >
          Sign out
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
