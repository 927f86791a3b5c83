import { type ComponentType, lazy, useRef, useState } from 'react';
import { COMMITTEE_MEMBER_STATUS_LABELS, type CommitteeMemberStatus } from '@shared/domain/committee.ts';
import type { CommitteeMember } from '@shared/schemas/committee.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { EmailText } from '@client/components/ui/email-text.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDate } from '@client/lib/dates.ts';
import { useToast } from '@client/lib/toast.tsx';
import { REVIEW_REMINDER_TEXTS } from '@shared/domain/review-reminders.ts';
import {
  type CommitteeAction,
  useAutomaticReminders,
  useCommittee,
  useCommitteeAction,
  useRemindReviewers,
} from './committee-api.ts';
import { ReviewModeForm } from './review-mode-form.tsx';
import { AutomaticRemindersSetting } from './automatic-reminders.tsx';

const InviteReviewerDialog = lazy(async () => ({
  default: (await import('./invite-reviewer-dialog.tsx')).InviteReviewerDialog,
}));

const STATUS_TONES: Record<CommitteeMemberStatus, BadgeTone> = {
  invited: 'info',
  accepted: 'success',
  declined: 'attention',
  revoked: 'neutral',
};

/**
 * The admin's "Committee" section: who was invited, who reviews, and the invitations to send.
 * "Assign automatically" is the assignment feature's, given by the page.
 */
export function CommitteeSection({
  AutomaticAssignmentDialog,
}: {
  AutomaticAssignmentDialog: ComponentType<{ onClose: () => void }>;
}) {
  const committee = useCommittee();
  const [inviting, setInviting] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const accepted = committee.data?.members.filter((member) => member.status === 'accepted').length ?? 0;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-slate-600">
          Members review the abstracts of their themes. Each is invited by e-mail and joins with the account of that
          address (an author may also review).
        </p>
        <div className="flex flex-wrap gap-2">
          {accepted > 0 && (
            <>
              <RemindReviewersButton />
              <Button variant="secondary" onClick={() => setAssigning(true)}>
                Assign automatically
              </Button>
            </>
          )}
          <Button onClick={() => setInviting(true)}>Invite reviewer</Button>
        </div>
      </div>
      <ReviewModeForm />
      {accepted > 0 && <AutomaticRemindersSetting />}
      {committee.isPending ? (
        <Spinner label="Loading the committee..." />
      ) : committee.isError ? (
        <Alert>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>{errorText(committee.error, 'Failed to load the committee.')}</p>
            <Button variant="secondary" onClick={() => void committee.refetch()}>
              Retry
            </Button>
          </div>
        </Alert>
      ) : committee.data.members.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h3 className="text-lg font-semibold text-slate-900">No committee members yet</h3>
          <p className="mt-1 text-sm text-slate-600">Invite reviewers to share the reading of the abstracts.</p>
        </div>
      ) : (
        <MembersTable members={committee.data.members} />
      )}
      {inviting && (
        <LoadBoundary fallback={null}>
          <InviteReviewerDialog onClose={() => setInviting(false)} />
        </LoadBoundary>
      )}
      {assigning && (
        <LoadBoundary fallback={null}>
          <AutomaticAssignmentDialog onClose={() => setAssigning(false)} />
        </LoadBoundary>
      )}
    </div>
  );
}

function MembersTable({ members }: { members: CommitteeMember[] }) {
  return (
    // A table on wide screens; on a phone each member's row reads as a card (the cells stack).
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Committee members and invitations</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase max-md:sr-only">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              Themes
            </th>
            <th scope="col" className="px-4 py-3">
              Maximum papers
            </th>
            <th scope="col" className="px-4 py-3">
              Reviews
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {members.map((member) => (
            <MemberRow key={member._id} member={member} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const cell = 'px-4 py-3 align-top max-md:block max-md:py-1 max-md:first:pt-4 max-md:last:pb-4';

function MemberRow({ member }: { member: CommitteeMember }) {
  return (
    <tr className="max-md:block">
      <td className={cell}>
        <p className="font-semibold text-slate-900">{member.name}</p>
        <EmailText email={member.email} className="text-slate-600" />
        {member.affiliation && <p className="text-sm break-words text-slate-600">{member.affiliation}</p>}
      </td>
      <td className={cell}>
        <ul className="space-y-0.5 text-slate-700">
          {member.themes.map((theme) => (
            <li key={theme}>{theme}</li>
          ))}
        </ul>
      </td>
      <td className={cell}>
        <span className="md:hidden">Maximum papers: </span>
        {member.maxPapers}
      </td>
      <td className={cell}>
        <span className="md:hidden">Reviews: </span>
        {member.assigned} assigned, {member.reviewed} submitted
        {member.late > 0 && (
          <span className="ml-1 font-semibold text-red-700" data-testid="late-reviews">
            , {member.late} late
          </span>
        )}
      </td>
      <td className={cell}>
        <Badge tone={STATUS_TONES[member.status]}>{COMMITTEE_MEMBER_STATUS_LABELS[member.status]}</Badge>
        <p className="mt-1 text-xs text-slate-600">{statusDetail(member)}</p>
        {member.declineReason && <p className="mt-1 text-xs break-words text-slate-700">“{member.declineReason}”</p>}
      </td>
      <td className={cell}>
        <MemberActions member={member} />
      </td>
    </tr>
  );
}

function statusDetail(member: CommitteeMember): string {
  if (member.status === 'invited') {
    const expired = member.invitationExpiresAt !== null && new Date(member.invitationExpiresAt) <= new Date();
    return expired
      ? `Invited ${formatDate(member.invitedAt)}; the link expired ${formatDate(member.invitationExpiresAt)}: send it again`
      : `Invited ${formatDate(member.invitedAt)}; the link works until ${formatDate(member.invitationExpiresAt)}`;
  }
  if (member.status === 'revoked') return `Invited ${formatDate(member.invitedAt)}`;
  return `Answered ${formatDate(member.respondedAt)}`;
}

function MemberActions({ member }: { member: CommitteeMember }) {
  const toast = useToast();
  const act = useCommitteeAction();
  const [failure, setFailure] = useState<string>();
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const keep = () => {
    setConfirmingRemoval(false);
    // The question is gone: focus goes back to the button that asked it.
    requestAnimationFrame(() => removeButton.current?.focus());
  };
  const run = (action: CommitteeAction) => {
    setFailure(undefined);
    setConfirmingRemoval(false);
    act.mutate(
      { memberId: member._id, action },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => setFailure(errorText(error, 'That did not work. Please try again.')),
      },
    );
  };
  const label = (what: string) => `${what}: ${member.name}`;
  return (
    <div className="flex flex-wrap gap-2 md:justify-end">
      {member.status === 'invited' && (
        <>
          <Button
            variant="secondary"
            disabled={act.isPending}
            onClick={() => run('resend')}
            aria-label={label('Send again')}
          >
            Send again
          </Button>
          <Button
            variant="secondary"
            disabled={act.isPending}
            onClick={() => run('revoke')}
            aria-label={label('Withdraw')}
          >
            Withdraw
          </Button>
        </>
      )}
      {member.status === 'accepted' &&
        (confirmingRemoval ? (
          <div role="group" aria-label={label('Remove')} className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-800">Remove from the committee?</span>
            {/* Focus moves to the question's answer, not to the page's start. */}
            <Button variant="danger" disabled={act.isPending} onClick={() => run('revoke')} autoFocus>
              Remove
            </Button>
            <Button variant="secondary" onClick={keep}>
              Keep
            </Button>
          </div>
        ) : (
          <Button
            ref={removeButton}
            variant="secondary"
            onClick={() => setConfirmingRemoval(true)}
            aria-label={label('Remove')}
          >
            Remove
          </Button>
        ))}
      {failure && <Alert className="w-full">{failure}</Alert>}
    </div>
  );
}

/** Without a mail server the reminders go to members' notifications only: the button says so before it is clicked. */
function RemindReviewersButton() {
  const toast = useToast();
  const remind = useRemindReviewers();
  const siteOnly = useAutomaticReminders().data?.reminders.byEmail === false;
  return (
    <Button
      variant="secondary"
      disabled={remind.isPending}
      title={siteOnly ? REVIEW_REMINDER_TEXTS.siteOnly : undefined}
      onClick={() =>
        remind.mutate(undefined, {
          onSuccess: (answer) => toast.success(answer.message),
          onError: (error) => toast.error(errorText(error, 'The reminders could not be sent. Please try again.')),
        })
      }
    >
      {remind.isPending ? 'Sending...' : siteOnly ? 'Remind reviewers in the site' : 'Remind reviewers'}
    </Button>
  );
}
