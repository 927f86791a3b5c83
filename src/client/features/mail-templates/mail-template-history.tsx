import { useId } from 'react';
import { formatConferenceTime } from '@shared/domain/deadlines.ts';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { Alert } from '@client/components/ui/alert.tsx';
import { useMailTemplate } from './mail-templates-api.ts';

/** Every save and restore of a template, newest first: who, when, and the subject it left. */
export function MailTemplateHistory({ templateKey }: { templateKey: string }) {
  const headingId = useId();
  const query = useMailTemplate(templateKey);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={headingId} className="text-lg font-bold text-brand-900">
        History
      </h3>
      {query.isPending ? (
        <Spinner label="Loading the history" />
      ) : query.isError ? (
        <Alert className="mt-2">The history could not be loaded.</Alert>
      ) : query.data.history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No change yet: the default text has always been in use.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-200 text-sm" aria-label="Newest first">
          {query.data.history.map((change) => (
            <li key={change._id} className="py-2" data-testid="mail-template-change">
              <p className="text-slate-900">
                {change.subject === null ? (
                  'Default text restored'
                ) : (
                  <>
                    Saved: <span className="break-words">“{change.subject}”</span>
                  </>
                )}
              </p>
              <p className="text-slate-600">
                {change.changedBy ?? 'A former organiser'},{' '}
                <time dateTime={change.changedAt}>{formatConferenceTime(change.changedAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
