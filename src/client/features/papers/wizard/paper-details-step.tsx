import { useId } from 'react';
import { type Control, type UseFormRegister, useWatch } from 'react-hook-form';
import { conferenceIdLabel, currentConference, presentationModeLabels, themeLabels } from '@shared/conference.ts';
import { PAPER_LIMITS } from '@shared/schemas/paper.ts';
import { TextField } from '@client/components/ui/form-field.tsx';
import { controlClass, labelClass } from './field-styles.ts';
import { isBlank, type WizardValues } from './wizard-validation.ts';

/** How the submission form spells a theme (its configured form label): the stored value stays the label. */
export const themeFormLabel = (theme: string) =>
  currentConference().themes.find(({ label }) => label === theme)?.formLabel ?? theme;

interface PaperDetailsStepProps {
  register: UseFormRegister<WizardValues>;
  control: Control<WizardValues>;
  /** After a refused Next, empty fields are marked invalid. */
  markBlank: boolean;
}

export function PaperDetailsStep({ register, control, markBlank }: PaperDetailsStepProps) {
  const [title, theme, ictacemId, modeOfPresentation] = useWatch({
    control,
    name: ['title', 'theme', 'ictacemId', 'modeOfPresentation'],
  });
  const invalid = (value: string) => (markBlank && isBlank(value)) || undefined;
  const themeId = useId();
  const modeId = useId();
  const idHintId = useId();
  const modeHintId = useId();
  return (
    <div className="space-y-5">
      <TextField
        label="Paper Title"
        maxLength={PAPER_LIMITS.titleMax}
        aria-invalid={invalid(title)}
        {...register('title')}
      />
      <div>
        <label htmlFor={themeId} className={labelClass}>
          Theme
        </label>
        <select id={themeId} className={controlClass} aria-invalid={invalid(theme)} {...register('theme')}>
          <option value="">Select a theme</option>
          {themeLabels().map((theme) => (
            <option key={theme} value={theme}>
              {themeFormLabel(theme)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <TextField
          label={conferenceIdLabel()}
          maxLength={PAPER_LIMITS.ictacemIdMax}
          autoComplete="off"
          // A paper carries its author's own conference ID; the server refuses any other.
          readOnly
          aria-describedby={idHintId}
          aria-invalid={invalid(ictacemId)}
          {...register('ictacemId')}
        />
        <p id={idHintId} className="mt-1 text-xs text-slate-500">
          Your conference ID from your profile (format {currentConference().idPrefix}XYZ); every paper carries its
          author's own.
        </p>
      </div>
      <div>
        <label htmlFor={modeId} className={labelClass}>
          Mode of Presentation
        </label>
        <select
          id={modeId}
          className={controlClass}
          aria-describedby={modeHintId}
          aria-invalid={invalid(modeOfPresentation)}
          {...register('modeOfPresentation')}
        >
          <option value="">Select a mode of presentation</option>
          {presentationModeLabels().map((mode) => (
            <option key={mode} value={mode}>
              {mode}
            </option>
          ))}
        </select>
        <p id={modeHintId} className="mt-1 text-xs text-slate-500">
          All modes of presentation require in-person presentation at the conference.
        </p>
      </div>
    </div>
  );
}
