import { type DragEvent, useId, useRef, useState } from 'react';
import { type FieldPath, type FieldValues, useController, type UseFormReturn } from 'react-hook-form';
import { formatFileSize } from '@shared/format/numbers.ts';
import { StrokeIcon } from './ui/stroke-icon.tsx';

interface PdfPickerProps {
  label: string;
  /** What the form accepts, e.g. "PDF only, at most 10 MB". */
  hint: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * A PDF chooser with drag and drop. The drop zone is the label of a real file input, so the
 * keyboard (Tab, then Enter or Space) and screen readers get the native control.
 */
export function PdfPicker({ label, hint, file, onFileChange, error, disabled = false }: PdfPickerProps) {
  const inputId = useId();
  const labelId = `${inputId}-label`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!disabled && dropped) onFileChange(dropped);
  };
  const clear = () => {
    // Emptying the input lets the same file be chosen again after removing it.
    if (inputRef.current) inputRef.current.value = '';
    onFileChange(null);
  };

  return (
    <div>
      <p id={labelId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </p>
      <label
        htmlFor={inputId}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors has-[:focus-visible]:border-brand-600 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500 ${
          dragging
            ? 'border-brand-600 bg-brand-50'
            : error
              ? 'border-red-400 bg-red-50/40'
              : 'border-slate-300 bg-slate-50 hover:bg-slate-100'
        } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          disabled={disabled}
          aria-labelledby={labelId}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
        />
        <StrokeIcon
          path="M12 16V4m0 0l-4 4m4-4l4 4M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2"
          size={32}
          strokeWidth={1.5}
          className="text-brand-700"
        />
        <span className="font-semibold text-brand-800">Choose a PDF file</span>
        <span className="text-sm text-slate-600">or drag and drop it here</span>
        <span id={hintId} className="text-xs text-slate-500">
          {hint}
        </span>
      </label>
      {file && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-100 px-3 py-2 text-sm">
          <p className="min-w-0 break-all text-slate-800" data-testid="chosen-file">
            <span className="font-medium">{file.name}</span>{' '}
            <span className="text-slate-600">({formatFileSize(file.size)})</span>
          </p>
          <button
            type="button"
            onClick={clear}
            disabled={disabled}
            className="font-semibold text-brand-700 hover:underline"
          >
            Remove<span className="sr-only"> {file.name}</span>
          </button>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A PdfPicker bound to a react-hook-form field: a file chosen or dropped is judged at once, and
 * removing it takes its message away; sending the form judges an empty field.
 */
export function PdfPickerField<Fields extends FieldValues, Values>({
  form,
  name,
  ...picker
}: {
  form: UseFormReturn<Fields, unknown, Values>;
  name: FieldPath<Fields>;
} & Omit<PdfPickerProps, 'file' | 'onFileChange' | 'error'>) {
  const { field, fieldState } = useController({ control: form.control, name });
  const onFileChange = (chosen: File | null) => {
    field.onChange(chosen);
    if (chosen) void form.trigger(name);
    else form.clearErrors(name);
  };
  return <PdfPicker {...picker} file={field.value} onFileChange={onFileChange} error={fieldState.error?.message} />;
}
