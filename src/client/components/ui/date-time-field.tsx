import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { conferenceZoneText } from '../../lib/conference-datetime.ts';

interface DateTimeFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  /** Said under the input, after the time zone. */
  hint?: ReactNode;
  error?: string;
}

const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600';

/**
 * A date and time in the conference's time zone (convert with lib/conference-datetime.ts): the
 * zone is named under the input and read out with it.
 */
export const DateTimeField = forwardRef<HTMLInputElement, DateTimeFieldProps>(function DateTimeField(
  { label, hint, error, id, ...props },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        type="datetime-local"
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        {...props}
      />
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        In {conferenceZoneText()}.{hint && <> {hint}</>}
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
