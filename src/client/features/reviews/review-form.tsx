import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { REVIEW_STATE_LABELS } from '@shared/domain/assignment.ts';
import { CONFIDENCE_LABELS, CONFIDENCE_LEVELS, REVIEW_LIMITS, REVIEW_TEXTS } from '@shared/domain/reviews.ts';
import {
  type ReviewDraftBody,
  reviewDraftBodySchema,
  type ReviewSheet,
  reviewSubmitBodySchema,
} from '@shared/schemas/reviews.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge } from '@client/components/ui/badge.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';
import { useToast } from '@client/lib/toast.tsx';
import { REVIEW_STATE_TONES } from './my-reviews-list.tsx';
import { useWriteReview } from './reviews-api.ts';

type Intent = 'draft' | 'submit';
const draftResolver = zodResolver(reviewDraftBodySchema);
const submitResolver = zodResolver(reviewSubmitBodySchema);

/** An empty box is no answer yet; anything else is checked as a number by the schema. */
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** The paper as its reviewer reads it, and the review: "Save draft" keeps it, "Submit review" sends it. */
export function ReviewForm({ sheet }: { sheet: ReviewSheet }) {
  const { paper, review, editable } = sheet;
  const toast = useToast();
  const write = useWriteReview(paper.paperId);
  const [failure, setFailure] = useState<string>();
  // A draft may lack anything; a submission needs the mark, the confidence and the comments.
  const intent = useRef<Intent>('draft');
  const resolver: Resolver<ReviewDraftBody> = (values, context, options) =>
    (intent.current === 'submit' ? submitResolver : draftResolver)(values, context, options);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReviewDraftBody>({
    resolver,
    defaultValues: {
      mark: review.mark,
      confidence: review.confidence,
      commentsToAuthors: review.commentsToAuthors,
      confidentialComments: review.confidentialComments,
    },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const send = (chosen: Intent) => {
    intent.current = chosen;
    setFailure(undefined);
    return handleSubmit((body) =>
      write.mutate(
        { intent: chosen, body },
        {
          onSuccess: (answer) => toast.success(answer.message),
          onError: (error) => setFailure(errorText(error, 'Your review could not be saved. Please try again.')),
        },
      ),
    )();
  };
  const locked = !editable || write.isPending;

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="review-paper-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="review-paper-heading" className="text-lg font-semibold break-words text-slate-900">
          {paper.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{paper.theme}</p>
        {!paper.authors && (
          <p className="mt-3 text-sm text-slate-600">Double-blind review: the authors are not shown to reviewers.</p>
        )}
        {paper.authors && (
          <ul className="mt-3 space-y-0.5 text-sm text-slate-800" aria-label="Authors">
            {paper.authors.map((author, index) => (
              <li key={index} className="break-words">
                {author.name}
                {author.affiliation && <span className="text-slate-600">, {author.affiliation}</span>}
              </li>
            ))}
          </ul>
        )}
        <a
          href={paper.abstractUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Open the extended abstract (PDF)
        </a>
      </section>

      <form
        onSubmit={(event) => {
          // Enter in a field keeps a draft; only the Submit review button submits an unsubmitted review.
          event.preventDefault();
          void send(review.state === 'submitted' ? 'submit' : 'draft');
        }}
        noValidate
        aria-label="Your review"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">Your review</h2>
          <Badge tone={REVIEW_STATE_TONES[review.state]}>{REVIEW_STATE_LABELS[review.state]}</Badge>
        </div>
        {review.updatedAt && (
          <p className="text-sm text-slate-600">
            {review.state === 'submitted' ? 'Submitted' : 'Draft saved'}; last change {formatDateTime(review.updatedAt)}
            .
          </p>
        )}
        {!editable && <Alert tone="info">{REVIEW_TEXTS.decided}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Mark (0–100)"
            type="number"
            inputMode="numeric"
            min={REVIEW_LIMITS.mark.min}
            max={REVIEW_LIMITS.mark.max}
            step={1}
            error={errors.mark?.message}
            readOnly={locked}
            {...register('mark', { setValueAs: numberOrNull })}
          />
          <SelectField
            label="Confidence"
            error={errors.confidence?.message}
            disabled={locked}
            options={[
              { value: '', label: 'Choose…' },
              ...CONFIDENCE_LEVELS.map((level) => ({
                value: String(level),
                label: `${level} ${CONFIDENCE_LABELS[level]}`,
              })),
            ]}
            {...register('confidence', { setValueAs: numberOrNull })}
          />
        </div>
        <TextAreaField
          label="Comments to the authors"
          hint="The authors may read these, without your name."
          rows={8}
          maxLength={REVIEW_LIMITS.comments}
          error={errors.commentsToAuthors?.message}
          readOnly={locked}
          {...register('commentsToAuthors')}
        />
        <TextAreaField
          label="Confidential comments to the committee"
          hint="Only the organisers and the paper’s other reviewers read these."
          rows={4}
          maxLength={REVIEW_LIMITS.comments}
          error={errors.confidentialComments?.message}
          readOnly={locked}
          {...register('confidentialComments')}
        />
        {failure && <Alert>{failure}</Alert>}
        {editable && (
          <div className="flex flex-wrap justify-end gap-2">
            {review.state !== 'submitted' && (
              <Button type="submit" variant="secondary" disabled={write.isPending}>
                {write.isPending && intent.current === 'draft' ? 'Saving...' : 'Save draft'}
              </Button>
            )}
            <Button disabled={write.isPending} onClick={() => void send('submit')}>
              {write.isPending && intent.current === 'submit' ? 'Submitting...' : 'Submit review'}
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}
