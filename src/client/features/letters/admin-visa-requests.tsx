import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { VISA_REQUEST_STATUS_LABELS, VISA_REQUEST_STATUSES, type VisaRequestStatus } from '@shared/domain/letters.ts';
import { type AdminVisaRequest } from '@shared/schemas/letters.ts';
import { Button, buttonClass } from '@client/components/ui/button.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { TablePagination } from '@client/components/ui/table-pagination.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { useToast } from '@client/lib/toast.tsx';
import { DeclineVisaRequestDialog } from './decline-visa-request-dialog.tsx';
import { useAdminVisaRequests, useDecideVisaRequest } from './letters-api.ts';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';

const VISA_REQUEST_TONES: Record<VisaRequestStatus, BadgeTone> = {
  pending: 'attention',
  approved: 'success',
  declined: 'danger',
};

/** The organisers' queue of visa letter requests: pending first, each approved or declined with a note. */
export function AdminVisaRequests() {
  const filterId = useId();
  const [status, setStatus] = useState<VisaRequestStatus | ''>('');
  const [page, setPage] = useState(1);
  const list = useAdminVisaRequests(status, page);

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={filterId} className="block text-sm font-medium text-slate-700">
          Status
        </label>
        <select
          id={filterId}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as VisaRequestStatus | '');
            setPage(1);
          }}
          className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">All (pending first)</option>
          {VISA_REQUEST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {VISA_REQUEST_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? (
        <Spinner label="Loading the visa letter requests..." />
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(list.error, 'The visa letter requests could not be loaded.')}
        </p>
      ) : list.data.requests.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          <p className="font-semibold text-slate-900">No visa letter requests{status ? ' with this status' : ''}</p>
          <p className="mt-1 text-sm">Authors of accepted, paid papers request them from their profile.</p>
        </div>
      ) : (
        <>
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
            aria-label="Visa letter requests"
          >
            {list.data.requests.map((request) => (
              <VisaRequestItem key={request._id} request={request} />
            ))}
          </ul>
          <TablePagination pagination={list.data.pagination} onPageChange={setPage} label="Visa request pages" />
        </>
      )}
    </div>
  );
}

function VisaRequestItem({ request }: { request: AdminVisaRequest }) {
  const toast = useToast();
  const decide = useDecideVisaRequest();
  const [declining, setDeclining] = useState(false);
  const [failure, setFailure] = useState<string>();
  const authorName = request.author?.name ?? 'a removed account';

  const approve = () =>
    decide.mutate(
      { requestId: request._id, decision: 'approve' },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(errorText(error, 'The request could not be approved. Please try again.')),
      },
    );
  const decline = (note: string) => {
    setFailure(undefined);
    decide.mutate(
      { requestId: request._id, decision: 'decline', note },
      {
        onSuccess: (answer) => {
          setDeclining(false);
          toast.success(answer.message);
        },
        onError: (error) => setFailure(errorText(error, 'The request could not be declined. Please try again.')),
      },
    );
  };

  return (
    <li data-testid="visa-request" className="grid gap-3 px-4 py-4 text-sm md:grid-cols-[minmax(0,1fr)_12rem]">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={VISA_REQUEST_TONES[request.status]}>{VISA_REQUEST_STATUS_LABELS[request.status]}</Badge>
          {request.paper && <span className="font-mono text-slate-600">{request.paper.ictacemId}</span>}
        </div>
        {request.paper ? (
          <Link
            to={`/admin/paper/${request.paper._id}`}
            className="mt-1 block font-semibold break-words text-brand-800 hover:underline"
          >
            {request.paper.title}
          </Link>
        ) : (
          <p className="mt-1 font-semibold text-slate-600">A removed paper</p>
        )}
        <p className="break-words text-slate-600">
          Requested by {authorName}
          {request.author && <> ({request.author.email})</>} on {formatDateTime(request.createdAt)}
        </p>
        <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
          <Detail term="Full name as in passport">{request.fullNameAsInPassport}</Detail>
          <Detail term="Nationality">{request.nationality}</Detail>
          <Detail term="Passport number">
            <span className="font-mono">{request.passportNumber}</span>
          </Detail>
          <Detail term="Date of birth">{request.dateOfBirth}</Detail>
        </dl>
        {request.decidedAt && (
          <p className="mt-2 break-words text-slate-600">
            {VISA_REQUEST_STATUS_LABELS[request.status]} by {request.decidedBy ?? 'a removed account'} on{' '}
            {formatDateTime(request.decidedAt)}
            {request.adminNote && <span className="block whitespace-pre-line text-slate-800">{request.adminNote}</span>}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row md:flex-col">
        {request.status === 'pending' && (
          <>
            <Button onClick={approve} disabled={decide.isPending}>
              {decide.isPending && decide.variables?.decision === 'approve' ? 'Approving...' : 'Approve'}
              <span className="sr-only"> the request of {authorName}</span>
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(true)} disabled={decide.isPending}>
              Decline<span className="sr-only"> the request of {authorName}</span>
            </Button>
          </>
        )}
        {request.letterPath && (
          <a href={request.letterPath} download className={buttonClass('secondary')}>
            Visa letter<span className="sr-only"> of {authorName} (PDF download)</span>
          </a>
        )}
      </div>
      {declining && (
        <DeclineVisaRequestDialog
          authorName={authorName}
          pending={decide.isPending}
          failure={failure}
          onCancel={() => setDeclining(false)}
          onDecline={decline}
        />
      )}
    </li>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
