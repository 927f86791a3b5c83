import { useHydrated } from '@client/lib/use-hydrated.ts';
import { Button } from './button.tsx';

/**
 * A form's full-width submit button: disabled until the page is hydrated (use-hydrated.ts says
 * why) and while the request is pending, when it reads `pendingLabel`.
 */
export function FormSubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" className="w-full" disabled={!hydrated || pending}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
