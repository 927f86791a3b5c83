import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/**
 * A dialog form's end: its failure, if any, then Cancel and the submit button, which says what is
 * under way while `pending` (both held then: closing would hide the answer, whichever it is).
 */
export function FormActions({
  failure,
  pending,
  submitLabel,
  pendingLabel,
  onCancel,
  submitDisabled = false,
}: {
  failure?: string;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onCancel: () => void;
  submitDisabled?: boolean;
}) {
  return (
    <>
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || submitDisabled}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </>
  );
}
