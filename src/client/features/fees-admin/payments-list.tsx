import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  confirmationSentence,
  CURRENCIES,
  formatMoney,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
  type PaymentState,
} from '@shared/domain/fees.ts';
import { confirmPaymentFormSchema, rejectPaymentBodySchema } from '@shared/schemas/fee-forms.ts';
import type { AdminPaymentRow } from '@shared/schemas/fees.ts';
import { Button } from '@client/components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '@client/components/ui/form-field.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { errorText } from '@client/lib/api.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { FIRST_PAYMENT_FILTER, useConfirmPayment, usePayments, useRejectPayment } from './fees-admin-api.ts';

/**
 * Every paper's payment, filtered by Confirmed, Entered or Unpaid; an entered one is confirmed or
 * rejected here. `actions` sit beside the filter (the page's receipts ZIP).
 */
export function PaymentsList({ actions }: { actions?: ReactNode }) {
  const [state, setState] = useState<PaymentState | undefined>(FIRST_PAYMENT_FILTER);
  const payments = usePayments(state);
  const counts = payments.data?.counts;
  return (
    <Panel title="Payments" headingLevel={2}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-xs">
          <SelectField
            label="Payment"
            value={state ?? ''}
            onChange={(e) => setState((e.target.value || undefined) as PaymentState | undefined)}
            options={[
              { value: '', label: 'All' },
              ...PAYMENT_STATES.map((s) => ({
                value: s,
                label: counts ? `${PAYMENT_STATE_LABELS[s]} (${counts[s]})` : PAYMENT_STATE_LABELS[s],
              })),
            ]}
          />
        </div>
        {actions}
      </div>
      <ul className="mt-4 divide-y divide-slate-200" aria-label="Papers">
        {payments.data?.papers.map((row) => (
          <PaymentRow key={row.paperId} row={row} />
        ))}
      </ul>
      {payments.data?.papers.length === 0 && (
        <p className="py-3 text-sm text-slate-600">No papers with this payment state.</p>
      )}
    </Panel>
  );
}

function PaymentRow({ row }: { row: AdminPaymentRow }) {
  const [open, setOpen] = useState<'confirm' | 'reject' | undefined>();
  const { payment } = row;
  return (
    <li className="py-3 text-sm" data-testid={`payment-${row.ictacemId}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{row.title}</p>
          <p className="text-slate-600">
            {row.ictacemId} · {row.authorName}
            {row.categoryName && ` · ${row.categoryName} (${row.categoryCurrency})`}
          </p>
          <p className="mt-1">
            <span className="font-medium">{PAYMENT_STATE_LABELS[payment.state]}</span>
            {payment.paymentId && (
              <>
                {' · Payment ID '}
                <span className="font-mono break-all">{payment.paymentId}</span>
              </>
            )}
            {payment.confirmation &&
              ` · ${confirmationSentence(payment.confirmation.receivedOn, payment.confirmation.rate)}, ${formatMoney(payment.confirmation.amountMinor, payment.confirmation.currency)}`}
            {payment.lastRejection && ` · Rejected ${payment.lastRejection.paymentId}: ${payment.lastRejection.reason}`}
          </p>
        </div>
        {payment.state === 'entered' && (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setOpen(open === 'confirm' ? undefined : 'confirm')}>
              Confirm
            </Button>
            <Button variant="danger" onClick={() => setOpen(open === 'reject' ? undefined : 'reject')}>
              Reject
            </Button>
          </div>
        )}
      </div>
      {open === 'confirm' && <ConfirmForm row={row} onDone={() => setOpen(undefined)} />}
      {open === 'reject' && <RejectForm row={row} onDone={() => setOpen(undefined)} />}
    </li>
  );
}

type ConfirmFields = z.input<typeof confirmPaymentFormSchema>;

function ConfirmForm({ row, onDone }: { row: AdminPaymentRow; onDone: () => void }) {
  const confirm = useConfirmPayment(row.paperId);
  const toast = useToast();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ConfirmFields>({
    resolver: zodResolver(confirmPaymentFormSchema),
    defaultValues: { receivedOn: '', amount: '', currency: row.categoryCurrency ?? 'INR' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  // Awaited, not told through mutate's callbacks: the refreshed list may drop this row (a filter
  // by state), and a callback of a form no longer shown is never called.
  const onSubmit = handleSubmit(async (fields) => {
    setError(undefined);
    try {
      const answer = await confirm.mutateAsync({ paymentId: row.payment.paymentId, ...fields });
      toast.success(answer.message);
      onDone();
    } catch (failure) {
      setError(errorText(failure, 'The payment could not be confirmed.'));
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-4 sm:items-start"
    >
      <TextField label="Date received" type="date" error={errors.receivedOn?.message} {...register('receivedOn')} />
      <TextField label="Amount" inputMode="decimal" error={errors.amount?.message} {...register('amount')} />
      <SelectField
        label="Currency"
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        {...register('currency')}
      />
      <Button type="submit" disabled={confirm.isPending} className="sm:mt-6">
        Confirm payment
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-4">
          {error}
        </p>
      )}
    </form>
  );
}

type RejectFields = z.input<typeof rejectPaymentBodySchema>;

function RejectForm({ row, onDone }: { row: AdminPaymentRow; onDone: () => void }) {
  const reject = useRejectPayment(row.paperId);
  const toast = useToast();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RejectFields>({
    resolver: zodResolver(rejectPaymentBodySchema),
    defaultValues: { paymentId: row.payment.paymentId, reason: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit(async (body) => {
    setError(undefined);
    try {
      const answer = await reject.mutateAsync(body);
      toast.success(answer.message);
      onDone();
    } catch (failure) {
      setError(errorText(failure, 'The payment could not be rejected.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
      <TextAreaField
        label="Reason (sent to the author)"
        rows={3}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <Button type="submit" variant="danger" disabled={reject.isPending}>
        Reject payment
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
