import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PLACEHOLDERS } from '@shared/domain/placeholders.ts';
import {
  MESSAGE_LIMITS,
  type MessageCompose,
  messageComposeSchema,
  type MessagePreview,
} from '@shared/schemas/author-messages.ts';
import type { PaperAudience } from '@shared/schemas/paper-audience.ts';
import { TextAreaField, TextField } from '@client/components/ui/form-field.tsx';
import { Button, buttonClass } from '@client/components/ui/button.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { randomId } from '@client/lib/random-id.ts';
import { usePreviewMessage, useSendMessage } from './author-messages-api.ts';
import { TemplatePicker } from './template-picker.tsx';
import { Alert } from '@client/components/ui/alert.tsx';

type Step =
  | { kind: 'compose' }
  | { kind: 'previewing' }
  | { kind: 'preview'; recipientCount: number; samples: MessagePreview[] }
  | { kind: 'sending'; recipientCount: number }
  | { kind: 'sent'; recipientCount: number; duplicate: boolean };

interface MessageAuthorsDialogProps {
  audience: PaperAudience;
  /** Who the message goes to, in words: "3 papers selected", "All 42 papers matching the filter". */
  audienceText: string;
  onClose: () => void;
}

const SITE_ONLY_NOTE = 'No mail server is configured, so no e-mail will be sent: the authors see it in the site only.';

function authorsText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'author' : 'authors'}`;
}

/**
 * "Message authors": a subject and body with placeholders (or a saved template), a preview of
 * the texts the first recipients will read, then one send. The request id is made once per
 * dialog, so a second click, or a retry after a lost answer, sends nothing twice.
 */
export function MessageAuthorsDialog({ audience, audienceText, onClose }: MessageAuthorsDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'compose' });
  const {
    register,
    handleSubmit,
    watch,
    reset,
    getValues,
    formState: { errors },
  } = useForm<MessageCompose>({
    resolver: zodResolver(messageComposeSchema),
    defaultValues: { subject: '', body: '' },
  });
  const [subject, body] = watch(['subject', 'body']);
  const [failure, setFailure] = useState('');
  const [requestId] = useState(randomId);
  /** What the server said of its mail: without a mail server the authors are notified in the site only. */
  const [byEmail, setByEmail] = useState(true);
  const sending = useRef(false);
  const previewMessage = usePreviewMessage();
  const sendMessage = useSendMessage();
  /** What is previewed and sent: the texts as checked, trimmed. */
  const message = () => ({ audience, ...messageComposeSchema.parse(getValues()) });

  const preview = handleSubmit(async () => {
    setFailure('');
    setStep({ kind: 'previewing' });
    try {
      const answer = await previewMessage.mutateAsync(message());
      setByEmail(answer.byEmail);
      setStep({ kind: 'preview', recipientCount: answer.recipientCount, samples: answer.samples });
    } catch (error) {
      setFailure(errorText(error, 'The preview could not be made.'));
      setStep({ kind: 'compose' });
    }
  });

  const send = async (recipientCount: number) => {
    if (sending.current) return;
    sending.current = true;
    setFailure('');
    setStep({ kind: 'sending', recipientCount });
    try {
      const answer = await sendMessage.mutateAsync({ message: message(), requestId });
      setByEmail(answer.byEmail);
      setStep({ kind: 'sent', recipientCount: answer.message.recipientCount, duplicate: answer.duplicate });
    } catch (error) {
      setFailure(`${errorText(error, 'The message could not be sent.')} Nothing was sent: try again.`);
      setStep({ kind: 'preview', recipientCount, samples: [] });
    } finally {
      sending.current = false;
    }
  };

  const busy = step.kind === 'previewing' || step.kind === 'sending';
  return (
    <ModalDialog title="Message authors" onDismiss={busy ? undefined : onClose} size="wide">
      <p className="mb-3 font-semibold text-slate-900" data-testid="message-audience">
        To: {audienceText}
      </p>
      {failure && <Alert className="mb-3">{failure}</Alert>}
      {(step.kind === 'compose' || step.kind === 'previewing') && (
        <form noValidate className="space-y-4" onSubmit={(event) => void preview(event)}>
          <TemplatePicker
            current={{ subject, body }}
            onUse={(template) => reset({ subject: template.subject, body: template.body })}
          />
          <TextField
            label="Subject"
            maxLength={MESSAGE_LIMITS.subject + 50}
            error={errors.subject?.message}
            {...register('subject')}
          />
          <TextAreaField
            label="Message"
            rows={8}
            hint={`Each author gets their own text: you can use ${PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}. ${formatCount(body.trim().length)} of ${formatCount(MESSAGE_LIMITS.body)} characters.`}
            error={errors.body?.message}
            {...register('body')}
          />
          <p className="text-sm text-slate-600">
            Each author is notified in the site, and by e-mail when the site has a mail server. You see the texts before
            anything is sent.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {step.kind === 'previewing' ? 'Preparing the preview...' : 'Preview'}
            </Button>
          </div>
        </form>
      )}
      {(step.kind === 'preview' || step.kind === 'sending') && (
        <div className="space-y-4">
          <p role="status" className="text-sm text-slate-700" data-testid="message-recipient-count">
            {formatCount(step.recipientCount)} {step.recipientCount === 1 ? 'author' : 'authors'} will receive it.
          </p>
          {!byEmail && <p className="text-sm text-slate-700">{SITE_ONLY_NOTE}</p>}
          {step.kind === 'preview' && step.samples.length > 0 && (
            <ol className="max-h-80 space-y-3 overflow-y-auto" aria-label="What the first recipients read">
              {step.samples.map((sample) => (
                <li key={sample.ictacemId} className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
                  <p className="text-xs break-words text-slate-500">
                    To {sample.name} &lt;{sample.email}&gt;, {sample.ictacemId}
                  </p>
                  <p className="mt-1 font-semibold break-words text-slate-900">{sample.subject}</p>
                  <p className="mt-1 break-words whitespace-pre-line text-slate-700">{sample.body}</p>
                </li>
              ))}
            </ol>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep({ kind: 'compose' })} disabled={busy}>
              Back
            </Button>
            <Button onClick={() => void send(step.recipientCount)} disabled={busy} autoFocus>
              {step.kind === 'sending'
                ? 'Sending...'
                : `Send to ${formatCount(step.recipientCount)} ${step.recipientCount === 1 ? 'author' : 'authors'}`}
            </Button>
          </div>
        </div>
      )}
      {step.kind === 'sent' && (
        <div className="space-y-4">
          <p role="status" className="font-semibold text-slate-900" data-testid="message-sent">
            {step.duplicate
              ? 'This message was already sent; nothing was sent again.'
              : byEmail
                ? `Sent to ${authorsText(step.recipientCount)}: each is notified, and the e-mails are on their way.`
                : `Sent to ${authorsText(step.recipientCount)} in the site; no mail server is configured, so no e-mail was sent.`}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Link to="/admin/messages" className={buttonClass('secondary')}>
              See deliveries on the Messages page
            </Link>
            <Button onClick={onClose} autoFocus>
              Close
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
