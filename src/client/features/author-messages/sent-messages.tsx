import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { TablePagination } from '@client/components/ui/table-pagination.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { useSentMessages } from './author-messages-api.ts';
import { DeliverySummary } from './delivery-summary.tsx';

/** Every message sent to authors, newest first, with how far its e-mails have gone. */
export function SentMessages() {
  const [page, setPage] = useState(1);
  const messages = useSentMessages(page);

  if (messages.isPending) return <Spinner label="Loading the messages..." />;
  if (messages.isError)
    return <p className="text-red-700">{errorText(messages.error, 'The messages could not be loaded.')}</p>;
  if (messages.data.messages.length === 0)
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
        <p className="font-semibold text-slate-900">No messages sent yet</p>
        <p className="mt-1 text-sm">
          To write to authors, select papers in Paper Management (or filter them) and choose Bulk actions, Message
          authors.
        </p>
      </div>
    );
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Sent messages">
        {messages.data.messages.map((message) => (
          <li
            key={message._id}
            className="grid gap-2 px-4 py-3 text-sm md:grid-cols-[1fr_14rem]"
            data-testid="sent-message"
          >
            <div className="min-w-0">
              <Link
                to={`/admin/messages/${message._id}`}
                className="font-semibold break-words text-brand-800 hover:underline"
              >
                {message.subject}
              </Link>
              <p className="break-words text-slate-600">
                To {message.audience}: {formatCount(message.recipientCount)}{' '}
                {message.recipientCount === 1 ? 'author' : 'authors'}
              </p>
              <div className="mt-1">
                <DeliverySummary delivery={message.delivery} />
              </div>
            </div>
            <p className="text-slate-600 md:text-right">
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              <span className="block break-words">by {message.sentBy ?? 'a removed account'}</span>
            </p>
          </li>
        ))}
      </ul>
      <TablePagination pagination={messages.data.pagination} onPageChange={setPage} label="Message pages" />
    </div>
  );
}
