import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { RESPONSE_WORD_LIMIT } from '@shared/domain/author-responses.ts';
import { responseWordLimitBodySchema } from '@shared/schemas/author-responses.ts';
import { formatConferenceTime } from '@shared/domain/deadlines.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { Button } from '@client/components/ui/button.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDate } from '@client/lib/dates.ts';
import { useToast } from '@client/lib/toast.tsx';
import {
  useCommitteeResponse,
  useOrganiserResponses,
  useReopenResponse,
  useSaveWordLimit,
} from './author-responses-api.ts';
import { RevisedAbstractLink } from './revised-abstract-link.tsx';

/**
 * The author's submitted response beside a member's review (and above the discussion): its text
 * and the revised abstract, never its author. Nothing shows before one is submitted.
 */
export function CommitteeResponsePanel({ paperId }: { paperId: string }) {
  const headingId = useId();
  const response = useCommitteeResponse(paperId);
  if (!response.data) return null;
  const { text, submittedAt, revisedAbstractUrl } = response.data;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-purple-200 bg-purple-50/60 p-4 sm:p-5"
      data-testid="author-response"
    >
      <h2 id={headingId} className="text-lg font-bold text-purple-950">
        The author’s response to the reviews
      </h2>
      <p className="text-sm text-slate-600">
        Submitted {formatDate(submittedAt)}. You may revise your mark after reading it.
      </p>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{text}</p>
      {revisedAbstractUrl && (
        <RevisedAbstractLink className="mt-2 inline-block text-sm text-brand-700 underline" href={revisedAbstractUrl} />
      )}
    </section>
  );
}

/** Every round of the paper's response for organisers, with "Reopen response" on a submitted one. */
export function OrganiserResponsesPanel({ paperId }: { paperId: string }) {
  const headingId = useId();
  const toast = useToast();
  const responses = useOrganiserResponses(paperId);
  const reopen = useReopenResponse(paperId);
  if (!responses.data || responses.data.rounds.length === 0) return null;
  const { rounds, deadline, wordLimit } = responses.data;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="text-lg font-bold text-brand-900">
        Author responses
      </h2>
      <p className="text-sm text-slate-600">
        Limit {formatCount(wordLimit)} words
        {deadline ? `; due ${formatConferenceTime(deadline.closesAt)}${deadline.extended ? ' (extended)' : ''}` : ''}.
      </p>
      <ul className="mt-3 space-y-3">
        {rounds.map((round, index) => (
          <li key={round._id} className="rounded-lg bg-slate-50 p-3 text-sm" data-testid="response-round">
            <p className="font-semibold text-slate-800">
              Round {round.round}: {round.state === 'submitted' ? 'submitted' : 'draft'}
              {round.submittedAt ? ` ${formatDate(round.submittedAt)}` : ''} · {formatCount(round.words)} words
              {round.reopenedAt
                ? ` · reopened ${formatDate(round.reopenedAt)}${round.reopenedBy ? ` by ${round.reopenedBy}` : ''}`
                : ''}
            </p>
            {round.state === 'submitted' && (
              <p className="mt-1 break-words whitespace-pre-line text-slate-700">{round.text}</p>
            )}
            {round.revisedAbstract && (
              <RevisedAbstractLink
                className="mt-1 inline-block text-brand-700 underline"
                href={round.revisedAbstract.url}
                fileName={round.revisedAbstract.fileName}
              />
            )}
            {index === 0 && round.state === 'submitted' && (
              <div className="mt-2">
                <Button
                  variant="secondary"
                  disabled={reopen.isPending}
                  onClick={() =>
                    reopen.mutate(undefined, {
                      onSuccess: (answer) => toast.success(answer.message),
                      onError: (failure) => toast.error(errorText(failure, 'The response could not be reopened.')),
                    })
                  }
                >
                  Reopen response
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The Deadlines page's word limit of the author response, validated by the server's own schema. */
export function ResponseWordLimitForm({ wordLimit }: { wordLimit: number }) {
  const inputId = useId();
  const [message, setMessage] = useState('');
  const save = useSaveWordLimit();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ wordLimit: number }>({
    resolver: zodResolver(responseWordLimitBodySchema),
    values: { wordLimit },
  });
  const onSubmit = handleSubmit((values) => {
    setMessage('');
    save.mutate(values.wordLimit, {
      onSuccess: (answer) => setMessage(answer.message),
      onError: (failure) =>
        setError('wordLimit', { message: errorText(failure, 'The word limit could not be saved.') }),
    });
  });
  return (
    <form
      noValidate
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      onSubmit={(event) => void onSubmit(event)}
    >
      <h2 className="text-lg font-bold text-brand-900">Author response</h2>
      <p className="text-sm text-slate-700">
        When a paper is set to Author Response Awaited, its author may answer the reviews until the author response
        deadline above, in at most this many words.
      </p>
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          Word limit
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={RESPONSE_WORD_LIMIT.min}
          max={RESPONSE_WORD_LIMIT.max}
          aria-invalid={errors.wordLimit !== undefined}
          className="mt-1 block w-40 rounded-md border border-slate-300 p-2 text-sm"
          {...register('wordLimit', { valueAsNumber: true })}
        />
        {errors.wordLimit && <p className="mt-1 text-sm text-red-700">{errors.wordLimit.message}</p>}
      </div>
      <p role="status" className={message ? 'text-sm text-green-800' : 'sr-only'}>
        {message}
      </p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save word limit'}
      </Button>
    </form>
  );
}
