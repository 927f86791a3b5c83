import { useState } from 'react';
import { Link } from 'react-router';
import {
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  MAIL_STATE_LABELS,
  MAIL_STATES,
  type MailKind,
  type MailState,
} from '@shared/domain/outbox.ts';
import type { OutboxMailSummary } from '@shared/schemas/outbox.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { TablePagination } from '@client/components/ui/table-pagination.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { useOutboxPage } from './outbox-api.ts';
import { OutboxMailDialog } from './outbox-mail-dialog.tsx';
import { MailStateBadge } from './mail-state-badge.tsx';

const selectClass = 'mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-base';

/**
 * The admin's "Outbox": every e-mail the site has written, newest first, by kind and state; a
 * mail opens as it was sent. Without a mail server the mails are kept here, unsent.
 */
export function OutboxSection() {
  const [kind, setKind] = useState<MailKind | ''>('');
  const [state, setState] = useState<MailState | ''>('');
  const [page, setPage] = useState(1);
  const [openMailId, setOpenMailId] = useState<string | null>(null);
  const params = new URLSearchParams({ page: String(page), ...(kind && { kind }), ...(state && { state }) });
  const outbox = useOutboxPage(params);
  const filtered = kind !== '' || state !== '';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Kind"
          value={kind}
          every="Every kind"
          options={MAIL_KINDS}
          labels={MAIL_KIND_LABELS}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
        />
        <FilterSelect
          label="State"
          value={state}
          every="Every state"
          options={MAIL_STATES}
          labels={MAIL_STATE_LABELS}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
        />
        <Link
          to="/admin/mail-templates"
          className="py-2 text-sm font-semibold text-brand-700 hover:underline sm:ml-auto"
        >
          Templates
        </Link>
      </div>

      {outbox.data && !outbox.data.canSend && (
        <Alert tone="info">
          No mail server is configured (SMTP_URL): every e-mail is kept here, not sent. Once one is configured,
          &ldquo;Send again&rdquo; sends those still unsent.
        </Alert>
      )}

      {outbox.isPending ? (
        // The whole height, as the other sections: the footer stays below the fold until the list arrives.
        <Spinner label="Loading the outbox..." fillsPage />
      ) : outbox.isError ? (
        <p className="text-red-700">{errorText(outbox.error, 'The outbox could not be loaded.')}</p>
      ) : outbox.data.mails.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          {filtered ? 'No e-mail matches these filters.' : 'No e-mail yet: what the site writes will be listed here.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {formatCount(outbox.data.pagination.total)} e-mail{outbox.data.pagination.total === 1 ? '' : 's'}
          </p>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="E-mails">
            {outbox.data.mails.map((mail) => (
              <OutboxRow key={mail._id} mail={mail} onOpen={() => setOpenMailId(mail._id)} />
            ))}
          </ul>
          <TablePagination pagination={outbox.data.pagination} onPageChange={setPage} label="Outbox pages" />
        </>
      )}
      {openMailId && <OutboxMailDialog mailId={openMailId} onClose={() => setOpenMailId(null)} />}
    </div>
  );
}

function OutboxRow({ mail, onOpen }: { mail: OutboxMailSummary; onOpen: () => void }) {
  return (
    <li className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[1fr_12rem]" data-testid="outbox-mail">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <MailStateBadge state={mail.state} />
          <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {MAIL_KIND_LABELS[mail.kind]}
          </span>
        </div>
        <button
          type="button"
          onClick={onOpen}
          className="mt-1 block max-w-full text-left font-semibold break-words text-brand-800 hover:underline"
        >
          {mail.subject}
        </button>
        <p className="break-words text-slate-700">
          To {mail.recipientName ? `${mail.recipientName} <${mail.to}>` : mail.to}
        </p>
        {mail.state === 'failed' && mail.lastError && (
          <p className="mt-1 break-words text-red-800">
            Server&apos;s answer: {mail.lastError}
            {mail.retryAt && (
              <span className="block text-slate-600">Tried again by itself at {formatDateTime(mail.retryAt)}</span>
            )}
          </p>
        )}
      </div>
      <div className="text-slate-600 sm:text-right">
        <time dateTime={mail.sentAt ?? mail.createdAt} className="block">
          {mail.sentAt ? `Sent ${formatDateTime(mail.sentAt)}` : `Written ${formatDateTime(mail.createdAt)}`}
        </time>
        <span>
          {mail.attempts} attempt{mail.attempts === 1 ? '' : 's'}
        </span>
      </div>
    </li>
  );
}

/** One of the outbox's filters: every value, or one of its options. */
function FilterSelect<Value extends string>({
  label,
  value,
  every,
  options,
  labels,
  onChange,
}: {
  label: string;
  value: Value | '';
  every: string;
  options: readonly Value[];
  labels: Record<Value, string>;
  onChange: (value: Value | '') => void;
}) {
  return (
    <label className="flex min-w-40 flex-1 flex-col text-sm font-medium text-slate-700 sm:flex-none">
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value as Value | '')} className={selectClass}>
        <option value="">{every}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
