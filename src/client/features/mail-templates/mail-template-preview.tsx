import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { currentConference } from '@shared/conference.ts';
import { mailTemplatePreviewFormSchema, type MailTemplateView } from '@shared/schemas/mail-templates.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { SelectField, TextField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { useCommitteeForPreview, usePreviewMailTemplate } from './mail-templates-api.ts';

/**
 * The text as typed (saved or not) filled in by the server for a paper or committee member the
 * organiser picks; with none, each placeholder's example.
 */
export function MailTemplatePreview({
  template,
  subject,
  body,
}: {
  template: MailTemplateView;
  subject: string;
  body: string;
}) {
  const headingId = useId();
  const byMember = template.previewWith === 'member';
  const committee = useCommitteeForPreview(byMember);
  const preview = usePreviewMailTemplate();
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(mailTemplatePreviewFormSchema),
    defaultValues: { paperId: '', memberId: '' },
  });

  const onSubmit = handleSubmit(({ paperId, memberId }) => {
    const chosen = byMember ? (memberId ? { memberId } : {}) : paperId ? { paperId } : {};
    preview.mutate({ key: template.key, body: { subject, body, ...chosen } });
  });

  const members = committee.data?.members ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={headingId} className="text-lg font-bold text-brand-900">
        Preview
      </h3>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          {byMember ? (
            <SelectField
              label="Committee member"
              {...register('memberId')}
              hint={committee.isError ? 'The committee could not be loaded: the examples are used.' : undefined}
              options={[
                { value: '', label: committee.isPending ? 'Loading the committee…' : 'None: the examples' },
                ...members.map((member) => ({ value: member._id, label: `${member.name} (${member.email})` })),
              ]}
            />
          ) : (
            <TextField
              label="Paper ID"
              placeholder={`${currentConference().idPrefix}…`}
              {...register('paperId')}
              hint="Left empty, the examples are used."
            />
          )}
        </div>
        <Button type="submit" variant="secondary" disabled={preview.isPending}>
          {preview.isPending ? 'Filling in…' : 'Preview'}
        </Button>
      </form>
      {preview.isError && <Alert className="mt-3">{errorText(preview.error, 'The preview could not be made.')}</Alert>}
      {preview.data && (
        <div className="mt-4 space-y-1 text-sm" data-testid="mail-template-preview" aria-live="polite">
          <p>
            <span className="font-semibold">To:</span> <span className="break-all">{preview.data.preview.to}</span>
          </p>
          <p>
            <span className="font-semibold">Subject:</span>{' '}
            <span className="break-words">{preview.data.preview.subject}</span>
          </p>
          <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-sm wrap-anywhere whitespace-pre-wrap text-slate-900">
            {preview.data.preview.body}
          </pre>
        </div>
      )}
    </section>
  );
}
