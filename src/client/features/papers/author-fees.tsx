import { formatConferenceDate } from '@shared/domain/deadlines.ts';
import { confirmationSentence, formatMoney } from '@shared/domain/fees.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { SelectField } from '@client/components/ui/form-field.tsx';
import { buttonClass } from '@client/components/ui/button.tsx';
import { apiBase, errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useAuthorFees, useChooseCategory } from './fees-api.ts';

/**
 * The registration fees beside the payment instructions: each category's early-bird and late
 * amount, the periods from the conference dates, and the category the author picks.
 */
export function AuthorFeeTable({ paperId }: { paperId: string }) {
  const fees = useAuthorFees(paperId);
  const choose = useChooseCategory(paperId);
  const toast = useToast();
  if (!fees.data || fees.data.categories.length === 0) return null;
  const { categories, periods, payment } = fees.data;
  return (
    <div className="mt-3 space-y-2 text-sm" data-testid="fee-table">
      <p className="font-medium text-slate-800">Registration fees</p>
      <p className="text-slate-700">
        Early bird: {formatConferenceDate(periods.earlyBirdOpens)} to {formatConferenceDate(periods.earlyBirdCloses)}.
        Late: from {formatConferenceDate(periods.lateRegistrationOpens)}. The rate is decided by the date the payment is
        received.
      </p>
      <div className="overflow-x-auto">
        <table className="min-w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-slate-300 text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">
                Category
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Early bird
              </th>
              <th scope="col" className="py-1 font-medium">
                Late
              </th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr
                key={category._id}
                className={`border-b border-slate-200 ${category._id === payment.categoryId ? 'bg-green-100 font-semibold' : ''}`}
              >
                <th scope="row" className="py-1 pr-3 font-normal">
                  {category.name}
                </th>
                <td className="py-1 pr-3 whitespace-nowrap">
                  {formatMoney(category.earlyBirdMinor, category.currency)}
                </td>
                <td className="py-1 whitespace-nowrap">{formatMoney(category.lateMinor, category.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="max-w-sm">
        <SelectField
          label="Your fee category"
          value={payment.categoryId ?? ''}
          disabled={choose.isPending}
          options={[
            { value: '', label: 'Choose your category' },
            ...categories.map((c) => ({ value: c._id, label: `${c.name} (${c.currency})` })),
          ]}
          onChange={(event) => {
            if (!event.target.value) return;
            choose.mutate(event.target.value, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (failure) => toast.error(errorText(failure, 'The category could not be saved.')),
            });
          }}
        />
      </div>
    </div>
  );
}

/** The payment's state on the author's paper card: confirmed (day received and rate) or a rejection's reason. */
export function AuthorPaymentStatus({ paperId }: { paperId: string }) {
  const fees = useAuthorFees(paperId);
  const payment = fees.data?.payment;
  if (!payment) return null;
  if (payment.state === 'confirmed' && payment.confirmation) {
    const { receivedOn, rate, amountMinor, currency } = payment.confirmation;
    return (
      <>
        <p className="mt-2 text-sm font-medium text-green-800" data-testid="payment-confirmed">
          {confirmationSentence(receivedOn, rate)}: {formatMoney(amountMinor, currency)}.
        </p>
        <a
          href={`${apiBase()}/papers/${encodeURIComponent(paperId)}/receipt`}
          download
          className={buttonClass('secondary', 'mt-2 w-full sm:w-auto')}
        >
          Payment receipt (PDF)
        </a>
      </>
    );
  }
  if (payment.state === 'entered')
    return <p className="mt-2 text-sm text-slate-600">Awaiting confirmation by the organisers.</p>;
  if (payment.lastRejection)
    return (
      <Alert tone="error" className="mt-2" testId="payment-rejected">
        The payment ID {payment.lastRejection.paymentId} could not be confirmed: {payment.lastRejection.reason} Please
        enter another payment ID.
      </Alert>
    );
  return null;
}
