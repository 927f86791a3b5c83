import { forwardRef, type TextareaHTMLAttributes, useId } from 'react';

/**
 * The admin's comments to the author, written with a status decision (spec 2.5 and 2.7).
 * Takes a form's `register('review')` like the inputs of `ui/form-field.tsx`.
 */
export const ReviewCommentsField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function ReviewCommentsField(props, ref) {
    const id = useId();
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          Review comments
        </label>
        <textarea
          ref={ref}
          id={id}
          placeholder="Add detailed review comments for the author..."
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          {...props}
        />
      </div>
    );
  },
);
