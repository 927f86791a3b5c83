import { useId, useRef } from 'react';
import { MAIL_KIND_LABELS } from '@shared/domain/outbox.ts';
import type { OutboxMail } from '@shared/schemas/outbox.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { Button } from '@client/components/ui/button.tsx';
import { PanelDialog } from '@client/components/ui/panel-dialog.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useOutboxMail, useSendAgain } from './outbox-api.ts';
import { MailStateBadge } from './mail-state-badge.tsx';

/** One e-mail as it was sent: its headers, text and attachments, with "Send again" where it may be. */
export function OutboxMailDialog({ mailId, onClose }: { mailId: string; onClose: () => void }) {
  const mail = useOutboxMail(mailId);
  return (
    <PanelDialog
      title={mail.data?.mail.subject ?? 'E-mail'}
      subtitle={mail.data ? MAIL_KIND_LABELS[mail.data.mail.kind] : undefined}
      onClose={onClose}
      closeLabel="Close e-mail"
    >
      {mail.isPending ? (
        <Spinner label="Loading the e-mail..." />
      ) : mail.isError ? (
        <p className="text-red-700">{errorText(mail.error, 'The e-mail could not be loaded.')}</p>
      ) : (
        <MailView mail={mail.data.mail} />
      )}
    </PanelDialog>
  );
}

function MailView({ mail }: { mail: OutboxMail }) {
  const facts: [string, string][] = [
    ['From', mail.from],
    ['To', mail.recipientName ? `${mail.recipientName} <${mail.to}>` : mail.to],
    ['Written', formatDateTime(mail.createdAt)],
    ...(mail.sentAt ? ([['Sent', formatDateTime(mail.sentAt)]] as [string, string][]) : []),
    ['Attempts', String(mail.attempts)],
    ...(mail.queuedByName ? ([['Queued by', mail.queuedByName]] as [string, string][]) : []),
  ];
  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <MailStateBadge state={mail.state} />
        {mail.retryAt && (
          <span className="text-slate-600">Tried again by itself at {formatDateTime(mail.retryAt)}</span>
        )}
      </div>
      {mail.lastError && (
        <p className="rounded-md bg-red-50 px-3 py-2 break-words text-red-800">
          Server&apos;s answer: {mail.lastError}
        </p>
      )}
      <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-slate-600">{term}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {mail.invitationLink && <InvitationLink link={mail.invitationLink} />}
      <section aria-label="Text of the e-mail">
        {mail.body === null ? (
          <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">
            A security e-mail is listed without its text: a link in it signs its owner in, and only they may read it.
          </p>
        ) : (
          <pre className="rounded-lg border border-slate-200 bg-white px-4 py-3 font-sans whitespace-pre-wrap break-words text-slate-900">
            {mail.body}
          </pre>
        )}
      </section>
      {mail.attachments.length > 0 && (
        <section>
          <h3 className="font-semibold text-slate-800">Attachments</h3>
          <ul className="mt-1 list-inside list-disc text-slate-700">
            {mail.attachments.map((file) => (
              <li key={file.filename} className="break-words">
                {file.filename} ({file.contentType}, {formatCount(file.size)} bytes)
              </li>
            ))}
          </ul>
        </section>
      )}
      <SendAgain mail={mail} />
    </div>
  );
}

/** The organiser who sent an invitation copies its link, so a site without a mail server can invite. */
function InvitationLink({ link }: { link: NonNullable<OutboxMail['invitationLink']> }) {
  const toast = useToast();
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  if (!link.usable)
    return (
      <p className="rounded-md bg-slate-100 px-3 py-2 text-slate-700">
        The invitation link in this e-mail no longer opens the invitation: it was answered, sent again with a new link,
        or it expired.
      </p>
    );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success('Invitation link copied. Send it to the invitee yourself; it works once.');
    } catch {
      field.current?.select();
      toast.error('The link could not be copied: it is selected in the field, copy it from there.');
    }
  };
  return (
    <div className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3">
      <label htmlFor={fieldId} className="font-semibold text-brand-900">
        Invitation link (shown to you only, as you sent it)
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          ref={field}
          readOnly
          value={link.url}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs"
        />
        <Button onClick={() => void copy()}>Copy invitation link</Button>
      </div>
    </div>
  );
}

function SendAgain({ mail }: { mail: OutboxMail }) {
  const sendAgain = useSendAgain();
  const toast = useToast();
  const reasonId = useId();
  // Offered for failed and unsent mails only; a sent or queued one needs no button.
  if (mail.state !== 'failed' && mail.state !== 'unsent') return null;
  const refusal = mail.sendAgainRefusal;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center">
      <Button
        disabled={refusal !== null || sendAgain.isPending}
        aria-describedby={refusal ? reasonId : undefined}
        onClick={() =>
          sendAgain.mutate(mail._id, {
            onSuccess: (answer) => toast.success(answer.message),
            onError: (error) => toast.error(errorText(error, 'The e-mail could not be queued again.')),
          })
        }
      >
        {sendAgain.isPending ? 'Queuing...' : 'Send again'}
      </Button>
      {refusal && (
        <p id={reasonId} className="text-slate-600">
          {refusal}
        </p>
      )}
    </div>
  );
}
