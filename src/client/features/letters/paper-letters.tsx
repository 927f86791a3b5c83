import { lazy, useId, useRef, useState } from 'react';
import { isRealPaymentId } from '@shared/domain/payment.ts';
import { LETTER_TEXTS } from '@shared/domain/letters.ts';
import type { VisaRequest } from '@shared/schemas/letters.ts';
import type { AuthorPaper } from '@shared/schemas/paper.ts';
import { Button, buttonClass } from '@client/components/ui/button.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDate } from '@client/lib/dates.ts';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { acceptanceLetterUrl, useOwnVisaRequests } from './letters-api.ts';

/** The request form and its form libraries are fetched when an author first opens it. */
const VisaRequestForm = lazy(async () => ({ default: (await import('./visa-request-form.tsx')).VisaRequestForm }));

/** An accepted paper's letters on the author's card: the acceptance letter and, once paid, the visa letter. */
export function PaperLetters({ paper }: { paper: AuthorPaper }) {
  const headingId = useId();
  if (paper.status !== 'abstract_accepted') return null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Letters
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Each letter carries a verification code that anyone, a consulate for example, can check on this site.
      </p>
      <a href={acceptanceLetterUrl(paper._id)} download className={buttonClass('secondary', 'mt-3 w-full sm:w-auto')}>
        Acceptance letter<span className="sr-only"> (PDF download)</span>
      </a>
      {isRealPaymentId(paper.paymentId) ? (
        <VisaLetter paperId={paper._id} />
      ) : (
        <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-600">{LETTER_TEXTS.visaNotPaid}</p>
      )}
    </section>
  );
}

function VisaLetter({ paperId }: { paperId: string }) {
  const headingId = useId();
  const requests = useOwnVisaRequests(paperId);
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-4">
      <h4 id={headingId} className="font-semibold text-slate-900">
        Visa invitation letter
      </h4>
      {requests.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Loading your visa letter requests...
        </p>
      ) : requests.isError ? (
        <div role="alert" className="mt-2 text-sm text-red-800">
          <p>{errorText(requests.error, 'Your visa letter requests could not be loaded.')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void requests.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <VisaLetterState paperId={paperId} latest={requests.data.requests[0]} />
      )}
    </section>
  );
}

const stateClass = 'mt-2 rounded-md px-3 py-2 text-sm';

/** The latest request decides what the author sees: its state, the letter, or the form for a (new) request. */
function VisaLetterState({ paperId, latest }: { paperId: string; latest: VisaRequest | undefined }) {
  if (latest?.status === 'pending')
    return (
      <div data-testid="visa-request-state" className={`${stateClass} bg-amber-50 text-amber-900`}>
        <p className="font-semibold">Pending review</p>
        <p className="break-words">
          Requested on {formatDate(latest.createdAt)} for {latest.fullNameAsInPassport} (passport{' '}
          {latest.passportNumber}). You will be notified when the organisers decide.
        </p>
      </div>
    );
  if (latest?.status === 'approved' && latest.letterPath)
    return (
      <div data-testid="visa-request-state" className={`${stateClass} bg-green-50 text-green-900`}>
        <p className="font-semibold">Approved</p>
        <p className="break-words">
          Issued on {formatDate(latest.decidedAt)} for {latest.fullNameAsInPassport}.
        </p>
        <a href={latest.letterPath} download className={buttonClass('primary', 'mt-2 w-full sm:w-auto')}>
          Download visa invitation letter
        </a>
      </div>
    );
  return (
    <>
      {latest?.status === 'declined' && (
        <div data-testid="visa-request-state" className={`${stateClass} bg-red-50 text-red-900`}>
          <p className="font-semibold">Declined</p>
          <p className="break-words whitespace-pre-line">{latest.adminNote}</p>
          <p className="mt-1">You may send a corrected request.</p>
        </div>
      )}
      <VisaRequestOpener paperId={paperId} />
    </>
  );
}

function VisaRequestOpener({ paperId }: { paperId: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // The form that had focus is gone; keyboard users continue from the button that opened it.
    opener.current?.focus();
  };
  return (
    <div className="mt-3">
      <button
        ref={opener}
        type="button"
        className={buttonClass('secondary', 'w-full sm:w-auto')}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        Request a visa invitation letter
      </button>
      {open && (
        <LoadBoundary fallback={<Spinner label="Opening the form..." />}>
          <VisaRequestForm paperId={paperId} onDone={close} />
        </LoadBoundary>
      )}
    </div>
  );
}
