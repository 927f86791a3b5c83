import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MAIL_TEMPLATE_LIMITS, type MailTemplateKey } from '@shared/domain/mail-templates.ts';
import { formatCount } from '@shared/format/numbers.ts';
import {
  mailTemplateFormSchema,
  type MailTemplateText,
  type MailTemplateView,
} from '@shared/schemas/mail-templates.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { TextAreaField, TextField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { useSaveMailTemplate, useRestoreMailTemplate } from './mail-templates-api.ts';
import { MailTemplateHistory } from './mail-template-history.tsx';
import { MailTemplatePreview } from './mail-template-preview.tsx';

/**
 * One template: its subject and body with the placeholders it accepts, checked as the server will
 * check them on save, a preview, "Restore the default" and the history of changes.
 */
export function MailTemplateEditor({
  templateKey,
  template,
}: {
  templateKey: MailTemplateKey;
  template: MailTemplateView;
}) {
  const save = useSaveMailTemplate();
  const restore = useRestoreMailTemplate();
  const placeholdersId = useId();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<MailTemplateText>({
    resolver: zodResolver(mailTemplateFormSchema(templateKey)),
    defaultValues: { subject: template.subject, body: template.body },
  });
  const [subject, body] = useWatch({ control, name: ['subject', 'body'] });
  const changed = subject !== template.subject || body !== template.body;

  const onSubmit = handleSubmit((text) => {
    restore.reset();
    save.mutate({ key: templateKey, text });
  });

  function restoreDefault() {
    if (!window.confirm(`Restore the default text of “${template.label}”? Your wording is kept in the history.`))
      return;
    save.reset();
    restore.mutate(
      { key: templateKey },
      { onSuccess: () => reset({ subject: template.defaultSubject, body: template.defaultBody }) },
    );
  }

  return (
    <div className="min-w-0 space-y-6">
      <div>
        <h2 className="text-xl font-bold text-brand-900">{template.label}</h2>
        <p className="mt-1 text-sm text-slate-700">Sent when: {template.sentWhen}</p>
        <p className="mt-1 text-sm text-slate-600">
          {template.edited ? `Edited by ${template.updatedBy ?? 'a former organiser'}.` : 'The default text is in use.'}{' '}
          {template.kind === 'notice'
            ? 'The notification in the site keeps its own text; by default the e-mail repeats it ({heading}, {message}).'
            : template.kind === 'decision' || template.kind === 'presentation'
              ? 'The notification in the site keeps its own short text; this template is the e-mail.'
              : 'This e-mail has no notification in the site.'}
        </p>
      </div>

      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={placeholdersId}>
        <TextField
          label="Subject"
          maxLength={MAIL_TEMPLATE_LIMITS.subject}
          error={errors.subject?.message}
          {...register('subject')}
        />
        <TextAreaField
          label="Body"
          rows={14}
          error={errors.body?.message}
          {...register('body')}
          hint={`${formatCount(body.length)} of ${formatCount(MAIL_TEMPLATE_LIMITS.body)} characters.`}
        />
        <section id={placeholdersId} aria-label="Placeholders" className="rounded-md bg-slate-50 p-3 text-sm">
          <h3 className="font-semibold text-slate-900">Placeholders this e-mail accepts</h3>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            {template.placeholders.map((placeholder) => (
              <div key={placeholder.name} className="contents">
                <dt className="font-mono break-all text-slate-900">
                  {`{${placeholder.name}}`}
                  {placeholder.required && <span className="ml-1 font-sans text-xs text-red-700">(required)</span>}
                </dt>
                <dd className="mb-1 text-slate-700 sm:mb-0">{placeholder.description}</dd>
              </div>
            ))}
          </dl>
        </section>
        {save.isError && <Alert>{errorText(save.error, 'The template could not be saved.')}</Alert>}
        {save.isSuccess && !changed && <Alert tone="success">{save.data.message}</Alert>}
        {restore.isError && <Alert>{errorText(restore.error, 'The default could not be restored.')}</Alert>}
        {restore.isSuccess && <Alert tone="success">{restore.data.message}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          <Button variant="secondary" onClick={restoreDefault} disabled={!template.edited || restore.isPending}>
            Restore the default
          </Button>
        </div>
      </form>

      <MailTemplatePreview template={template} subject={subject} body={body} />
      <MailTemplateHistory templateKey={template.key} />
    </div>
  );
}
