import type { ReactNode } from 'react';
import { conferenceIdLabel } from '@shared/conference.ts';
import { MODE_NOT_SPECIFIED } from '@shared/constants.ts';
import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { formatDate, formatDateTime } from '@client/lib/dates.ts';
import { initialsOf } from '@client/lib/initials.ts';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Paper Details (spec 2.7): current comments to the author, the paper's identifiers and dates. */
export function PaperDetailsTab({ paper }: { paper: AdminPaper }) {
  return (
    <div className="space-y-5">
      {paper.review.trim() !== '' && (
        <section aria-labelledby="current-review" className="rounded-lg border border-blue-200 bg-blue-50 p-4">
          <h2 id="current-review" className="font-semibold text-blue-900">
            Current Review Comments
          </h2>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-blue-950" data-testid="current-review">
            {paper.review}
          </p>
          {paper.reviewer && paper.reviewedAt && (
            <p className="mt-2 text-xs text-blue-800">
              Last updated {formatDateTime(paper.reviewedAt)} by {paper.reviewer.username}
            </p>
          )}
        </section>
      )}
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail term={conferenceIdLabel()}>
          <span className="font-mono">{paper.ictacemId}</span>
        </Detail>
        <Detail term="Payment ID">
          {paper.paymentId ? <span className="font-mono">{paper.paymentId}</span> : 'Payment Pending'}
        </Detail>
        <Detail term="Theme">{paper.theme}</Detail>
        <Detail term="Mode of Presentation">{paper.modeOfPresentation || MODE_NOT_SPECIFIED}</Detail>
        <Detail term="Submitted">{formatDate(paper.submittedAt)}</Detail>
      </dl>
      {paper.fullPaperSubmittedAt && (
        <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          <span className="font-semibold">Full Paper Submitted</span> on {formatDateTime(paper.fullPaperSubmittedAt)}
        </p>
      )}
    </div>
  );
}

/** Authors (spec 2.7): initials, name, affiliation and address of each, in the submitted order. */
export function AuthorsTab({ authors }: { authors: AdminPaper['authors'] }) {
  return (
    <ol className="grid gap-3 sm:grid-cols-2">
      {authors.map((author, index) => (
        <li key={index} className="flex gap-3 rounded-lg border border-slate-200 p-4">
          <span
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
            aria-hidden="true"
          >
            {initialsOf(author.name)}
          </span>
          <div className="min-w-0 text-sm">
            <p className="font-semibold break-words text-slate-900">
              {author.name}
              {index === 0 && <span className="ml-2 text-xs font-normal text-slate-500">(Primary Author)</span>}
            </p>
            <p className="break-words text-slate-700">{author.affiliation}</p>
            <p className="break-words whitespace-pre-line text-slate-500">{author.address}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Communicating Author (spec 2.7): the account that submitted the paper. */
export function CommunicatingAuthorTab({ user }: { user: PublicUser | null }) {
  if (!user) return <p className="text-sm text-slate-600">The account that submitted this paper no longer exists.</p>;
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center">
      <span
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
        aria-hidden="true"
      >
        {initialsOf(user.username)}
      </span>
      <dl className="min-w-0 flex-1 space-y-1 text-sm">
        <div>
          <dt className="sr-only">Name</dt>
          <dd className="text-base font-semibold break-words text-slate-900">{user.username}</dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Email: </dt>
          <dd className="inline break-all text-slate-800">{user.email}</dd>
        </div>
        <div>
          <dt className="inline text-slate-500">User ID: </dt>
          <dd className="inline font-mono text-slate-800">{user.customUserId}</dd>
        </div>
      </dl>
      <ButtonLink to={`/admin/user/${user._id}`} variant="secondary">
        View Profile
      </ButtonLink>
    </div>
  );
}
