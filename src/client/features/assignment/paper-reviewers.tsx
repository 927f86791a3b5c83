import { useState } from 'react';
import { REVIEW_STATE_LABELS, type ReviewState } from '@shared/domain/assignment.ts';
import { BID_LABELS } from '@shared/domain/bidding.ts';
import type { PaperReviewerOption } from '@shared/schemas/assignment.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { AssignReviewersDialog } from './assign-reviewers-dialog.tsx';
import { usePaperReviewers, useUnassignReviewer } from './assignment-api.ts';

const STATE_TONES: Record<ReviewState, BadgeTone> = { not_started: 'neutral', draft: 'progress', submitted: 'success' };

/** The paper's reviewers: who reads it, how far each has got, and "Assign reviewers". */
export function PaperReviewers({ paperId, paperTitle }: { paperId: string; paperTitle: string }) {
  const reviewers = usePaperReviewers(paperId);
  const [assigning, setAssigning] = useState(false);
  if (reviewers.isPending) return <Spinner label="Loading reviewers..." />;
  if (reviewers.isError) return <Alert>Failed to load the reviewers. Please try again.</Alert>;
  const { members, assignable } = reviewers.data;
  const assigned = members.filter((member) => member.assigned);
  return (
    <section aria-labelledby="reviewers-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h3 id="reviewers-heading" className="text-lg font-semibold text-slate-900">
            Reviewers
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {assignable
              ? 'Members of the committee who review this paper. Assign them here, from the paper list, or automatically from the Committee section.'
              : 'This paper has been decided; it no longer takes reviewers.'}
          </p>
        </div>
        {assignable && members.length > 0 && (
          <Button variant="secondary" onClick={() => setAssigning(true)}>
            Assign reviewers
          </Button>
        )}
      </div>
      {members.length === 0 ? (
        <p className="rounded-lg border border-slate-200 p-4 text-slate-600">
          No member has accepted an invitation to the committee yet.
        </p>
      ) : assigned.length === 0 ? (
        <p className="rounded-lg border border-slate-200 p-4 text-slate-600">No reviewers assigned yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {assigned.map((member) => (
            <ReviewerRow key={member.memberId} paperId={paperId} member={member} />
          ))}
        </ul>
      )}
      {assigning && (
        <AssignReviewersDialog
          paperIds={[paperId]}
          target={`“${paperTitle}”`}
          members={members.filter((member) => member.memberStatus === 'accepted')}
          onClose={() => setAssigning(false)}
        />
      )}
    </section>
  );
}

function ReviewerRow({ paperId, member }: { paperId: string; member: PaperReviewerOption }) {
  const toast = useToast();
  const unassign = useUnassignReviewer(paperId);
  const [failure, setFailure] = useState<string>();
  const state = member.reviewState ?? 'not_started';
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{member.name}</span>
          <Badge tone={STATE_TONES[state]}>{REVIEW_STATE_LABELS[state]}</Badge>
        </p>
        <p className="text-sm text-slate-600">
          {member.load} of {member.maxPapers} papers
          {member.bid && member.bid !== 'conflict' ? ` · bid: ${BID_LABELS[member.bid]}` : ''}
          {member.themeMatch ? ' · theme match' : ''}
        </p>
        {failure && <p className="mt-1 text-sm text-red-700">{failure}</p>}
      </div>
      {state === 'not_started' && (
        <Button
          variant="secondary"
          disabled={unassign.isPending}
          aria-label={`Unassign ${member.name}`}
          onClick={() => {
            setFailure(undefined);
            unassign.mutate(member.memberId, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => setFailure(errorText(error, 'That did not work. Please try again.')),
            });
          }}
        >
          Unassign
        </Button>
      )}
    </li>
  );
}
