import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TIMINGS } from '@shared/constants.ts';
import { type AuthorPaper, PAPER_LIMITS, paymentBodySchema } from '@shared/schemas/paper.ts';
import { DeadlineGate } from '@client/components/deadline-notice.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { TextField } from '@client/components/ui/form-field.tsx';
import { conference, isAnnounced } from '@client/content/conference.ts';
import { earlyBirdRateText } from '@client/content/important-dates.ts';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useConferenceDates } from '@client/lib/use-conference-dates.ts';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { AuthorFeeTable, AuthorPaymentStatus } from './author-fees.tsx';
import { useSavePaymentId } from './papers-api.ts';
import { revealFocusedElement } from './reveal-focus.ts';

/** Shown on an accepted paper: how to pay, then the payment ID, which cannot change once saved. */
export function PaymentSection({ paper }: { paper: AuthorPaper }) {
  const [justSavedId, setJustSavedId] = useState<string>();
  const [highlighted, setHighlighted] = useState(false);
  const [offerFullPaper, setOfferFullPaper] = useState(false);
  const savedValueRef = useRef<HTMLParagraphElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(false), TIMINGS.savedHighlightMs);
    return () => clearTimeout(timer);
  }, [highlighted]);

  // Until the refreshed paper arrives, the ID just saved is the one to show.
  const paymentId = paper.paymentId || justSavedId;

  const onSaved = (savedId: string) => {
    setJustSavedId(savedId);
    setHighlighted(true);
    setOfferFullPaper(true);
  };
  const onMaybeLater = () => {
    setOfferFullPaper(false);
    // The form that had focus is gone; keep keyboard users next to what they just did.
    savedValueRef.current?.focus();
    revealFocusedElement();
  };

  return (
    <section aria-labelledby={`payment-${paper._id}`} className="rounded-lg border border-green-200 bg-green-50/50 p-4">
      <h3 id={`payment-${paper._id}`} className="font-semibold text-slate-900">
        Payment
      </h3>
      {paymentId ? (
        <div className="mt-2 text-sm">
          <p className="font-medium text-slate-600">Payment ID</p>
          <p
            ref={savedValueRef}
            tabIndex={-1}
            data-testid="payment-id"
            data-highlighted={highlighted}
            className={`mt-1 inline-block rounded-md border px-3 py-1.5 font-mono break-all transition-colors duration-700 ${
              highlighted ? 'border-green-500 bg-green-200 text-green-900' : 'border-slate-200 bg-white text-slate-900'
            }`}
          >
            {paymentId}
          </p>
          <AuthorPaymentStatus paperId={paper._id} />
        </div>
      ) : (
        <DeadlineGate step="payment" deadline={paper.deadlines.payment} className="mt-2">
          <AuthorPaymentStatus paperId={paper._id} />
          <PaymentInstructions />
          <AuthorFeeTable paperId={paper._id} />
          <PaymentIdForm paperId={paper._id} onSaved={onSaved} />
        </DeadlineGate>
      )}
      {offerFullPaper && (
        <ModalDialog title="Payment ID Saved" onDismiss={onMaybeLater}>
          <p className="text-slate-700">Would you like to submit your full paper now?</p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onMaybeLater}>
              Maybe Later
            </Button>
            <Button autoFocus onClick={() => navigate(`/submit-full-paper/${paper._id}`)}>
              Yes, Submit Now
            </Button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}

function PaymentInstructions() {
  const dates = useConferenceDates();
  return (
    <div className="mt-2 space-y-2 text-sm text-slate-700">
      <p>
        Congratulations, your abstract has been accepted. Please pay the registration fee through{' '}
        {conference.registration.paymentPortal}, then enter the payment ID you receive below.
      </p>
      <p>
        <span className="font-medium">Programme ID: </span>
        <span className={isAnnounced(conference.registration.programmeId) ? 'font-mono' : ''}>
          {conference.registration.programmeId}
        </span>
      </p>
      {dates.data && <p>{earlyBirdRateText(dates.data)}</p>}
      <p>Once saved, the payment ID cannot be changed.</p>
    </div>
  );
}

function PaymentIdForm({ paperId, onSaved }: { paperId: string; onSaved: (paymentId: string) => void }) {
  const toast = useToast();
  const savePaymentId = useSavePaymentId(paperId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(paymentBodySchema),
    defaultValues: { paymentId: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });

  // Awaited rather than told through mutate's callbacks: the refreshed paper replaces this form
  // (its ID is saved), and a callback of a form no longer shown is never called.
  const onSubmit = handleSubmit(async ({ paymentId }) => {
    try {
      await savePaymentId.mutateAsync(paymentId);
    } catch (failure) {
      toast.error(errorText(failure, 'Failed to update payment ID. Please try again later.'));
      return;
    }
    toast.success(`Payment ID ${paymentId} has been successfully added to your paper.`);
    onSaved(paymentId);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="flex-1">
        <TextField
          label="Payment ID"
          maxLength={PAPER_LIMITS.paymentIdMax}
          autoComplete="off"
          error={errors.paymentId?.message}
          readOnly={savePaymentId.isPending}
          {...register('paymentId')}
        />
      </div>
      <Button type="submit" disabled={savePaymentId.isPending} className="sm:mt-6">
        {savePaymentId.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
