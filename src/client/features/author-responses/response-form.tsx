import { useEffect, useId, useState } from 'react';
import { countWords, RESPONSE_TEXTS } from '@shared/domain/author-responses.ts';
import type { AuthorResponseView } from '@shared/schemas/author-responses.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { DeadlineGate, DeadlineMessage } from '@client/components/deadline-notice.tsx';
import { PdfPicker } from '@client/components/pdf-picker.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDate } from '@client/lib/dates.ts';
import { looksLikePdf } from '@client/lib/pdf-file.ts';
import { LIMITS } from '@shared/constants.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useAuthorResponse, useResponseActions } from './author-responses-api.ts';
import { RevisedAbstractLink } from './revised-abstract-link.tsx';

/** The revised abstract's first check (the server decides by content): the spec's re-upload messages. */
function revisedAbstractError(file: File | null): string | undefined {
  if (!file) return RESPONSE_TEXTS.noFile;
  if (!looksLikePdf(file)) return RESPONSE_TEXTS.onlyPdf;
  if (file.size >= LIMITS.paperPdfBytes) return RESPONSE_TEXTS.tooLarge;
  return undefined;
}

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
          <ResponseEditor view={view} />
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

function ResponseEditor({ view }: { view: AuthorResponseView }) {
  const toast = useToast();
  const textId = useId();
  const countId = useId();
  const actions = useResponseActions(view.paperId);
  const [text, setText] = useState(view.response?.text ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setText(view.response?.text ?? ''), [view.response?.text]);
  const words = countWords(text);
  const over = words > view.wordLimit;
  const busy =
    actions.saveDraft.isPending ||
    actions.submit.isPending ||
    actions.uploadAbstract.isPending ||
    actions.removeAbstract.isPending;
  const fail = (fallback: string) => (failure: unknown) => toast.error(errorText(failure, fallback));

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(undefined);
    if (!chosen) return;
    const problem = revisedAbstractError(chosen);
    if (problem) return setFileError(problem);
    actions.uploadAbstract.mutate(chosen, {
      onSuccess: (answer) => {
        setFile(null);
        toast.success(answer.message);
      },
      onError: (failure) => setFileError(errorText(failure, 'The revised abstract could not be uploaded.')),
    });
  };

  return (
    <div className="mt-3 space-y-3">
      <div>
        <label htmlFor={textId} className="block text-sm font-medium text-slate-800">
          Your response
        </label>
        <textarea
          id={textId}
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={countId}
          aria-invalid={over}
          disabled={busy}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white p-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <p
          id={countId}
          aria-live="polite"
          data-testid="word-count"
          className={`mt-1 text-sm ${over ? 'font-semibold text-red-700' : 'text-slate-600'}`}
        >
          {formatCount(words)} / {formatCount(view.wordLimit)} words
          {over && ` — ${RESPONSE_TEXTS.overLimit(view.wordLimit, words)}`}
        </p>
      </div>
      {view.response?.revisedAbstract ? (
        <div className="flex flex-col gap-2 rounded-md bg-white p-3 text-sm sm:flex-row sm:items-center">
          <RevisedAbstractLink
            className="break-all text-brand-700 underline"
            href={view.response.revisedAbstract.url}
            fileName={view.response.revisedAbstract.fileName}
          />
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              actions.removeAbstract.mutate(undefined, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: fail('The revised abstract could not be removed.'),
              })
            }
          >
            Remove
          </Button>
        </div>
      ) : (
        <PdfPicker
          label="Revised abstract PDF (optional)"
          hint="PDF only, less than 10 MB"
          file={file}
          onFileChange={chooseFile}
          error={fileError}
          disabled={busy}
        />
      )}
      {view.response?.draftSavedAt && (
        <p className="text-xs text-slate-600">Draft saved {formatDate(view.response.draftSavedAt)}.</p>
      )}
      {confirming ? (
        <div
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          role="alert"
        >
          <p>Submit your response now? It is final: you cannot change it afterwards.</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              disabled={busy || over}
              onClick={() =>
                actions.submit.mutate(text, {
                  onSuccess: (answer) => toast.success(answer.message),
                  onError: fail('Your response could not be submitted. Please try again.'),
                  onSettled: () => setConfirming(false),
                })
              }
            >
              {actions.submit.isPending ? 'Submitting...' : 'Yes, submit'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="secondary"
            disabled={busy || over}
            onClick={() =>
              actions.saveDraft.mutate(text, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: fail('Your draft could not be saved. Please try again.'),
              })
            }
          >
            {actions.saveDraft.isPending ? 'Saving...' : RESPONSE_TEXTS.saveDraft}
          </Button>
          <Button disabled={busy || over || text.trim() === ''} onClick={() => setConfirming(true)}>
            {RESPONSE_TEXTS.submit}
          </Button>
        </div>
      )}
    </div>
  );
}
