import { useState } from 'react';
import { DELIVERY_STATE_LABELS, DELIVERY_STATES, type DeliveryState } from '@shared/schemas/author-messages.ts';
import { EmailText } from '@client/components/ui/email-text.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { TablePagination } from '@client/components/ui/table-pagination.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { useMessageRecipients } from './author-messages-api.ts';
import { DELIVERY_STATE_TONES, DeliverySummary } from './delivery-summary.tsx';
import { Badge } from '@client/components/ui/badge.tsx';

/** One message as sent, and each recipient's delivery state with the reason of a failure. */
export function MessageDeliveries({ messageId }: { messageId: string }) {
  const [state, setState] = useState<DeliveryState | ''>('');
  const [page, setPage] = useState(1);
  const answer = useMessageRecipients(messageId, { page, state: state || undefined });

  if (answer.isPending) return <Spinner label="Loading the message..." />;
  if (answer.isError)
    return <p className="text-red-700">{errorText(answer.error, 'The message could not be loaded.')}</p>;
  const { message, recipients, pagination } = answer.data;
  return (
    <div className="space-y-5">
      <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm" aria-label="The message">
        <h2 className="text-lg font-bold break-words text-brand-900">{message.subject}</h2>
        <p className="text-slate-600">
          To {message.audience}: {formatCount(message.recipientCount)}{' '}
          {message.recipientCount === 1 ? 'author' : 'authors'}, sent{' '}
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time> by{' '}
          {message.sentBy ?? 'a removed account'}
        </p>
        <DeliverySummary delivery={message.delivery} />
        <p className="rounded-md bg-slate-50 p-3 break-words whitespace-pre-line text-slate-800">{message.body}</p>
      </section>
      <label className="flex max-w-xs flex-col text-sm font-medium text-slate-700">
        Delivery
        <select
          value={state}
          onChange={(event) => {
            setState(event.target.value as DeliveryState | '');
            setPage(1);
          }}
          className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">Every recipient</option>
          {DELIVERY_STATES.map((value) => (
            <option key={value} value={value}>
              {DELIVERY_STATE_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {recipients.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          No recipient is in this state.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Recipients">
          {recipients.map((recipient) => (
            <li
              key={`${recipient.ictacemId}-${recipient.email}`}
              className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[1fr_auto] sm:items-start"
              data-testid="message-recipient"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{recipient.name}</p>
                <p className="min-w-0 text-slate-600">
                  <EmailText email={recipient.email} />
                </p>
                <p className="font-mono text-xs text-slate-500">{recipient.ictacemId}</p>
                {recipient.reason && (
                  <p className="mt-1 break-words text-red-700">
                    {recipient.state === 'queued' ? 'Will retry after: ' : 'Reason: '}
                    {recipient.reason}
                  </p>
                )}
              </div>
              <div className="sm:text-right">
                <Badge tone={DELIVERY_STATE_TONES[recipient.state]}>{DELIVERY_STATE_LABELS[recipient.state]}</Badge>
                {recipient.sentAt && (
                  <time dateTime={recipient.sentAt} className="block text-xs text-slate-500">
                    {formatDateTime(recipient.sentAt)}
                  </time>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <TablePagination pagination={pagination} onPageChange={setPage} label="Recipient pages" />
    </div>
  );
}
