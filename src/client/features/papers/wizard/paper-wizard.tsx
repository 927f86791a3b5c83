import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button.tsx';
import { ApiError, errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useSubmitPaper } from '../papers-api.ts';
import { revealFocusedElement } from '../reveal-focus.ts';
import { AuthorsStep, EMPTY_AUTHOR } from './authors-step.tsx';
import { PaperDetailsStep } from './paper-details-step.tsx';
import { StepIndicator, WIZARD_STEPS } from './step-indicator.tsx';
import { UploadStep } from './upload-step.tsx';
import {
  AUTHOR_FIELDS,
  authorsError,
  DETAIL_FIELDS,
  isBlank,
  paperDetailsError,
  submissionError,
  type WizardValues,
} from './wizard-validation.ts';
import { Alert } from '@client/components/ui/alert.tsx';

const LAST_STEP = WIZARD_STEPS.length;

interface PaperWizardProps {
  /** The author's conference ID, offered as the paper's ICTACEM ID. */
  customUserId: string;
  onSubmitted: () => void;
}

/** The three-step submission: details, authors, then the PDF and confirmation (spec 2 and 5). */
export function PaperWizard({ customUserId, onSubmitted }: PaperWizardProps) {
  const toast = useToast();
  const submitPaper = useSubmitPaper();
  const { register, control, getValues } = useForm<WizardValues>({
    defaultValues: { title: '', theme: '', ictacemId: customUserId, modeOfPresentation: '', authors: [EMPTY_AUTHOR] },
  });
  const [step, setStep] = useState(1);
  const [stepError, setStepError] = useState<string>();
  const [markBlank, setMarkBlank] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusedStep = useRef(step);

  // Each new step announces itself: focus moves to its heading (not when the page first opens).
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    headingRef.current?.focus();
    revealFocusedElement();
  }, [step]);

  const goToStep = (next: number) => {
    setStepError(undefined);
    setMarkBlank(false);
    setStep(next);
  };

  const refuse = (message: string) => {
    setStepError(message);
    setMarkBlank(true);
    // Focused here rather than with react-hook-form's setFocus, which waits a tick; the reveal must follow the focus.
    const blankField = firstBlankField(getValues(), step);
    const blankControl = blankField ? formRef.current?.elements.namedItem(blankField) : null;
    if (blankControl instanceof HTMLElement) blankControl.focus();
    revealFocusedElement();
  };

  const onNext = () => {
    const values = getValues();
    const problem = step === 1 ? paperDetailsError(values) : authorsError(values.authors);
    if (problem) refuse(problem);
    else goToStep(step + 1);
  };

  const onSubmit = () => {
    const values = getValues();
    const problem = submissionError(values, file, confirmed);
    if (problem || !file) {
      setStepError(problem);
      return;
    }
    setStepError(undefined);
    submitPaper.mutate(
      { ...trimmed(values), paperPdf: file },
      {
        onSuccess: onSubmitted,
        onError: (failure) => {
          goToStep(1);
          // A refusal by the deadline (the page's clock may differ from the server's) stays in the form.
          if (failure instanceof ApiError && failure.status === 403)
            setStepError(errorText(failure, 'Failed to submit paper'));
          else toast.error(errorText(failure, 'Failed to submit paper'));
        },
      },
    );
  };

  // Enter in a field moves on like Next; on the last step it submits.
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitPaper.isPending) return;
    if (step < LAST_STEP) onNext();
    else onSubmit();
  };

  const submitting = submitPaper.isPending;
  return (
    <form ref={formRef} onSubmit={onFormSubmit} noValidate aria-busy={submitting} className="space-y-8">
      <StepIndicator currentStep={step} />
      <div>
        <h2 ref={headingRef} tabIndex={-1} className="mb-5 text-xl font-bold text-brand-900 focus:outline-none">
          <span className="sr-only">{`Step ${step} of ${LAST_STEP}: `}</span>
          {WIZARD_STEPS[step - 1]}
        </h2>
        {step === 1 && <PaperDetailsStep register={register} control={control} markBlank={markBlank} />}
        {step === 2 && <AuthorsStep register={register} control={control} markBlank={markBlank} />}
        {step === 3 && (
          <UploadStep
            values={getValues()}
            file={file}
            onFileChange={setFile}
            confirmed={confirmed}
            onConfirmedChange={setConfirmed}
            disabled={submitting}
          />
        )}
      </div>
      {stepError && <Alert>{stepError}</Alert>}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-between">
        {step > 1 ? (
          <Button variant="secondary" onClick={() => goToStep(step - 1)} disabled={submitting}>
            Previous
          </Button>
        ) : (
          <span className="hidden sm:block" />
        )}
        {step < LAST_STEP ? (
          <Button type="submit">Next</Button>
        ) : (
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Submitting...' : 'Submit Paper'}
          </Button>
        )}
      </div>
    </form>
  );
}

function trimmed(values: WizardValues): WizardValues {
  return {
    title: values.title.trim(),
    theme: values.theme,
    ictacemId: values.ictacemId.trim(),
    modeOfPresentation: values.modeOfPresentation,
    authors: values.authors.map((author) => ({
      name: author.name.trim(),
      affiliation: author.affiliation.trim(),
      address: author.address.trim(),
    })),
  };
}

/** The name of the first empty field of a refused step, to put the keyboard there. */
function firstBlankField(values: WizardValues, step: number): string | undefined {
  if (step === 1) return DETAIL_FIELDS.find((name) => isBlank(values[name]));
  for (const [index, author] of values.authors.entries()) {
    const field = AUTHOR_FIELDS.find((name) => isBlank(author[name]));
    if (field) return `authors.${index}.${field}`;
  }
  return undefined;
}
