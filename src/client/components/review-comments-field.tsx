import { forwardRef, type ComponentProps } from 'react';
import { TextAreaField } from './ui/form-field.tsx';

/**
 * The admin's comments to the author, written with a status decision (spec 2.5 and 2.7).
 * Takes a form's `register('review')` like the inputs of `ui/form-field.tsx`.
 */
export const ReviewCommentsField = forwardRef<
  HTMLTextAreaElement,
  Omit<ComponentProps<typeof TextAreaField>, 'label' | 'ref'>
>(function ReviewCommentsField(props, ref) {
  return (
    <TextAreaField
      ref={ref}
      label="Review comments"
      placeholder="Add detailed review comments for the author..."
      {...props}
    />
  );
});
