import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { conferenceZoneText } from '@shared/domain/conference-datetime.ts';
import { TextField } from './form-field.tsx';

interface DateTimeFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  /** Said under the input, after the time zone. */
  hint?: ReactNode;
  error?: string;
}

/**
 * A date and time in the conference's time zone (convert with @shared/domain/conference-datetime.ts): the
 * zone is named under the input and read out with it.
 */
export const DateTimeField = forwardRef<HTMLInputElement, DateTimeFieldProps>(function DateTimeField(
  { hint, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="datetime-local"
      hint={
        <>
          In {conferenceZoneText()}.{hint && <> {hint}</>}
        </>
      }
      {...props}
    />
  );
});
