import { currentConference } from '@shared/conference.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COMMITTEE_LIMITS, COMMITTEE_TEXTS } from '@shared/domain/committee.ts';
import { resetPasswordFormSchema } from '@shared/schemas/auth.ts';
import { type CommitteeInvitationView, declineInvitationBodySchema } from '@shared/schemas/committee.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button, ButtonLink } from '@client/components/ui/button.tsx';
import { PasswordField, TextAreaField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { useAnswerInvitation } from './invitation-api.ts';

type PasswordForm = z.infer<typeof resetPasswordFormSchema>;
type DeclineForm = z.input<typeof declineInvitationBodySchema>;

/**
 * The invitee's answer: accept (signed in with the invited address's account, or creating it
 * with a password) or decline with an optional reason. `token` is the link's.
 */
export function InvitationAnswer({
  token,
  invitation,
  user,
  returnPath,
}: {
  token: string;
  invitation: CommitteeInvitationView;
  user: PublicUser | null;
  /** This page's own path, to come back to after signing in. */
  returnPath: string;
}) {
  const answer = useAnswerInvitation(token);
  const [failure, setFailure] = useState<string>();
  const [listPublicly, setListPublicly] = useState(false);
  if (answer.isSuccess) {
    return (
      <div className="space-y-4 text-center">
        <Alert tone="success" centred>
          {answer.data.message}
        </Alert>
        {answer.variables?.answer === 'accept' && (
          <>
            <ButtonLink to="/bidding" className="w-full">
              Bid on papers
            </ButtonLink>
            <ButtonLink to="/profile" variant="secondary" className="w-full">
              Go to your profile
            </ButtonLink>
          </>
        )}
      </div>
    );
  }

  const send = (...args: Parameters<typeof answer.mutate>) => {
    setFailure(undefined);
    answer.mutate(args[0], {
      onError: (error) => setFailure(errorText(error, 'Your answer could not be sent. Please try again.')),
    });
  };
  const signedInElsewhere = user !== null && user.email !== invitation.email;

  return (
    <div className="space-y-6">
      <InvitationDetails invitation={invitation} />
      {failure && <Alert>{failure}</Alert>}
      <section aria-labelledby="accept-heading" className="space-y-3">
        <h2 id="accept-heading" className="text-lg font-semibold text-slate-900">
          Accept
        </h2>
        {!signedInElsewhere && (
          <ListPubliclyField invitation={invitation} checked={listPublicly} onChange={setListPublicly} />
        )}
        {signedInElsewhere ? (
          <Alert tone="info">{COMMITTEE_TEXTS.wrongAccount(invitation.email)}</Alert>
        ) : invitation.accountExists ? (
          user ? (
            <Button
              className="w-full"
              disabled={answer.isPending}
              onClick={() => send({ answer: 'accept', body: { listPublicly } })}
            >
              {answer.isPending ? 'Accepting...' : 'Accept the invitation'}
            </Button>
          ) : (
            <>
              <p className="text-sm text-slate-700">{COMMITTEE_TEXTS.signInToAccept(invitation.email)}</p>
              {/* The way back in the navigation's state, not the address: the link's token stays out of logs. */}
              <ButtonLink to="/login" state={{ from: returnPath }} className="w-full">
                Sign in to accept
              </ButtonLink>
            </>
          )
        ) : (
          <NewAccountForm
            email={invitation.email}
            busy={answer.isPending}
            onAccept={(password) => send({ answer: 'accept', body: { password, listPublicly } })}
          />
        )}
      </section>
      <DeclineForm busy={answer.isPending} onDecline={(reason) => send({ answer: 'decline', body: { reason } })} />
    </div>
  );
}

/** The consent to be named on the public Committee page: off unless the invitee ticks it. */
function ListPubliclyField({
  invitation,
  checked,
  onChange,
}: {
  invitation: CommitteeInvitationView;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <label className="flex items-start gap-2 font-medium text-slate-800">
        <input
          type="checkbox"
          name="listPublicly"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hintId}
          className="mt-0.5 h-4 w-4 shrink-0"
        />
        {COMMITTEE_TEXTS.listPubliclyLabel}
      </label>
      <p id={hintId} className="mt-1 pl-6 text-slate-600">
        {COMMITTEE_TEXTS.listPubliclyHint} {COMMITTEE_TEXTS.listPubliclyAs}{' '}
        <span className="font-medium text-slate-800">
          {[invitation.name, invitation.affiliation].filter(Boolean).join(', ')}
        </span>
        .
      </p>
    </div>
  );
}

function InvitationDetails({ invitation }: { invitation: CommitteeInvitationView }) {
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p className="text-base text-slate-900">
        Dear <span className="font-semibold">{invitation.name}</span>, the organisers invite you to join the programme
        {` committee of ${currentConference().shortName} and review extended abstracts in:`}
      </p>
      <ul className="list-inside list-disc">
        {invitation.themes.map((theme) => (
          <li key={theme}>{theme}</li>
        ))}
      </ul>
      <p>
        You would review at most {invitation.maxPapers} paper{invitation.maxPapers === 1 ? '' : 's'}. This link works
        until {formatDateTime(invitation.expiresAt)}.
      </p>
      {invitation.note && (
        <blockquote className="border-l-4 border-brand-200 pl-3 break-words whitespace-pre-line text-slate-800">
          {invitation.note}
        </blockquote>
      )}
    </div>
  );
}

function NewAccountForm({
  email,
  busy,
  onAccept,
}: {
  email: string;
  busy: boolean;
  onAccept: (password: string) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordForm>({ resolver: zodResolver(resetPasswordFormSchema) });
  return (
    <form onSubmit={handleSubmit(({ password }) => onAccept(password))} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">
        Choose a password for your new account, <span className="font-medium break-all">{email}</span>.
      </p>
      <PasswordField
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Accepting...' : 'Accept and create my account'}
      </Button>
    </form>
  );
}

function DeclineForm({ busy, onDecline }: { busy: boolean; onDecline: (reason: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeclineForm>({ resolver: zodResolver(declineInvitationBodySchema), defaultValues: { reason: '' } });
  return (
    <section aria-labelledby="decline-heading" className="border-t border-slate-200 pt-5">
      <h2 id="decline-heading" className="text-lg font-semibold text-slate-900">
        Decline
      </h2>
      <form onSubmit={handleSubmit(({ reason }) => onDecline(reason ?? ''))} noValidate className="mt-3 space-y-3">
        <TextAreaField
          label="Reason (optional)"
          rows={3}
          maxLength={COMMITTEE_LIMITS.declineReason}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
          Decline the invitation
        </Button>
      </form>
    </section>
  );
}
