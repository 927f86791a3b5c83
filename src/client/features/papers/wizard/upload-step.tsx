import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { conferenceIdLabel } from '@shared/conference.ts';
import { REVIEW_MODE_TEXTS } from '@shared/domain/review-mode.ts';
import { PdfPicker } from '@client/components/pdf-picker.tsx';
import { Alert } from '@client/components/ui/alert.tsx';
import { ChosenFileCheck } from '@client/components/preflight/chosen-file-check.tsx';
import { useReviewMode } from '@client/lib/review-mode-api.ts';
import { themeFormLabel } from './paper-details-step.tsx';
import type { WizardValues } from './wizard-validation.ts';

interface UploadStepProps {
  values: WizardValues;
  file: File | null;
  onFileChange: (file: File | null) => void;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  disabled: boolean;
}

/** Step 3: a last look at the details, the abstract PDF and the author's confirmation. */
export function UploadStep({ values, file, onFileChange, confirmed, onConfirmedChange, disabled }: UploadStepProps) {
  const { data: reviewMode } = useReviewMode();
  return (
    <div className="space-y-6">
      <section aria-labelledby="review-heading" className="rounded-lg bg-slate-50 p-4">
        <h3 id="review-heading" className="font-semibold text-slate-900">
          Your submission
        </h3>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <Summary term="Title">{values.title}</Summary>
          <Summary term="Theme">{themeFormLabel(values.theme)}</Summary>
          <Summary term={conferenceIdLabel()}>{values.ictacemId}</Summary>
          <Summary term="Mode of Presentation">{values.modeOfPresentation}</Summary>
          <Summary term="Authors">{values.authors.map((author) => author.name).join(', ')}</Summary>
        </dl>
      </section>

      <PdfPicker
        label="Extended abstract (PDF)"
        hint="PDF files only"
        file={file}
        onFileChange={onFileChange}
        disabled={disabled}
      />
      <ChosenFileCheck file={file} kind="abstract" />
      <p className="text-sm text-slate-600">
        Prepare your abstract with the{' '}
        <Link to="/extended-abstract-format" className="font-semibold text-brand-700 hover:underline">
          Extended Abstract Format
        </Link>
        .
      </p>
      {reviewMode === 'double_blind' && (
        <Alert tone="info">
          <p>{REVIEW_MODE_TEXTS.removeNamesFromPdf}</p>
          <p className="mt-1 font-normal">{REVIEW_MODE_TEXTS.anonymiseAbstract}</p>
        </Alert>
      )}

      <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-4 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={confirmed}
          onChange={(event) => onConfirmedChange(event.target.checked)}
          disabled={disabled}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        />
        <span>
          I confirm that I have followed the extended abstract format, adhered to the submission guidelines, and that
          all the information provided is accurate.
        </span>
      </label>
    </div>
  );
}

function Summary({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-500">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
