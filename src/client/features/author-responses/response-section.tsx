import { lazy, useId } from 'react';
import { RESPONSE_TEXTS } from '@shared/domain/author-responses.ts';
import type { AuthorResponseView } from '@shared/schemas/author-responses.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { DeadlineGate, DeadlineMessage } from '@client/components/deadline-notice.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { formatDate } from '@client/lib/dates.ts';
import { useAuthorResponse } from './author-responses-api.ts';
import { RevisedAbstractLink } from './revised-abstract-link.tsx';

/**
 * The editor holds a file picker and the form libraries: fetched only while a response can be
 * written, so a paper card that merely shows a response sent (or nothing) goes without them.
 */
const ResponseEditor = lazy(async () => ({ default: (await import('./response-form.tsx')).ResponseEditor }));

/**
 * "Respond to the reviews" on the author's paper card: shown while a response is awaited, and
 * afterwards with the response sent. Everything it allows, the server checks again.
 */
export function ResponseSection({ paperId, awaited }: { paperId: string; awaited: boolean }) {
  const view = useAuthorResponse(paperId, true);
  if (!view.data) return null;
  if (!view.data.awaited && !view.data.response) return null;
  if (!awaited && view.data.response?.state !== 'submitted') return null;
  return <ResponseCard view={view.data} />;
}

function ResponseCard({ view }: { view: AuthorResponseView }) {
  const headingId = useId();
  const submitted = view.response?.state === 'submitted';
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-purple-200 bg-purple-50/60 p-4"
      data-testid="respond-to-reviews"
    >
      <h3 id={headingId} className="font-semibold text-purple-950">
        {RESPONSE_TEXTS.heading}
      </h3>
      {view.awaited && !submitted && (
        <p className="mt-1 text-sm text-purple-950">
          The committee asks for your response to the reviewers’ comments below. Your response may have at most{' '}
          {formatCount(view.wordLimit)} words; you may add a revised abstract PDF. Submitting is final.
        </p>
      )}
      {/* Afterwards the card's "Reviewers’ comments" lists them, once, whenever they are shared. */}
      {view.awaited && view.comments.length > 0 && (
        <ul className="mt-3 space-y-3">
          {view.comments.map((comment) => (
            <li key={comment.label} className="rounded-md bg-white p-3" data-testid="shared-review">
              <p className="text-sm font-semibold text-slate-800">{comment.label}</p>
              <p className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-700">{comment.comments}</p>
            </li>
          ))}
        </ul>
      )}
      {submitted ? (
        <SubmittedResponse view={view} />
      ) : view.open ? (
        <DeadlineGate step="response" deadline={view.deadline} className="mt-3">
          <LoadBoundary fallback={null}>
            <ResponseEditor view={view} />
          </LoadBoundary>
        </DeadlineGate>
      ) : (
        view.closedMessage && <DeadlineMessage className="mt-3">{view.closedMessage}</DeadlineMessage>
      )}
    </section>
  );
}

function SubmittedResponse({ view }: { view: AuthorResponseView }) {
  const response = view.response!;
  return (
    <div className="mt-3 rounded-md bg-white p-3 text-sm" data-testid="submitted-response">
      <p className="font-semibold text-slate-800">
        Your response, submitted {response.submittedAt ? formatDate(response.submittedAt) : ''}
      </p>
      <p className="mt-1 break-words whitespace-pre-line text-slate-700">{response.text}</p>
      {response.revisedAbstract && (
        <RevisedAbstractLink href={response.revisedAbstract.url} fileName={response.revisedAbstract.fileName} />
      )}
    </div>
  );
}
