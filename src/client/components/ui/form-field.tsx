import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}

interface TextFieldProps extends FieldProps {
  /** Said under the input and read out with it. */
  hint?: ReactNode;
}

const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none read-only:bg-slate-100 read-only:text-slate-700 aria-[invalid=true]:border-red-600';

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, ...props },
  ref,
) {
  const { frame, control } = useLabelledControl({ id, label, hint, error });
  return (
    <FieldFrame {...frame}>
      <input ref={ref} {...control} {...props} />
    </FieldFrame>
  );
});

/** A password input with a show/hide toggle that keeps keyboard focus where it was. */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(function PasswordField(
  { label, error, id, ...props },
  ref,
) {
  const { frame, control } = useLabelledControl({ id, label, error });
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...frame}>
      <div className="relative">
        <input
          ref={ref}
          {...control}
          type={visible ? 'text' : 'password'}
          className={`${control.className} pr-16`}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700 hover:text-brand-900"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldFrame>
  );
});

/**
 * "Authentication code": an authenticator's 6 digits or a recovery code's letters, so a text
 * input that the browser may fill from a one-time code and never capitalises or corrects.
 */
export const AuthenticationCodeField = forwardRef<HTMLInputElement, Omit<FieldProps, 'label'>>(
  function AuthenticationCodeField(props, ref) {
    return (
      <TextField
        ref={ref}
        label="Authentication code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        {...props}
      />
    );
  },
);

/**
 * A labelled control's ids, and its attributes: the field's look, invalid while it has an error,
 * described by its hint and its error. `frame` goes to FieldFrame, `control` onto the control.
 */
function useLabelledControl({
  id,
  label,
  hint,
  error,
}: {
  id?: string;
  label: string;
  hint?: ReactNode;
  error?: string;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  return {
    frame: { label, controlId, hint, hintId, error, errorId },
    control: {
      id: controlId,
      className: inputClass,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
    },
  };
}

/** The label above a control, and its hint and error under it. */
function FieldFrame({
  label,
  controlId,
  hint,
  hintId,
  error,
  errorId,
  children,
}: {
  label: string;
  controlId: string;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={controlId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** The choices, in order: the value sent and the text shown. */
  options: readonly { value: string; label: string }[];
}

/** A labelled drop-down list, with a hint and an error read out with it. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, id, options, ...props },
  ref,
) {
  const { frame, control } = useLabelledControl({ id, label, hint, error });
  return (
    <FieldFrame {...frame}>
      <select ref={ref} {...control} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled text box of several lines, with a hint and an error read out with it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, id, ...props },
  ref,
) {
  const { frame, control } = useLabelledControl({ id, label, hint, error });
  return (
    <FieldFrame {...frame}>
      <textarea ref={ref} {...control} {...props} />
    </FieldFrame>
  );
});
