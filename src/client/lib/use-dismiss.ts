import { type RefObject, useEffect, useRef } from 'react';

/**
 * While a menu or dropdown is open, Escape (`'escape'`) and a press outside `root` (`'outside'`)
 * call `dismiss`; the caller closes it, and after Escape usually hands focus back to its button.
 */
export function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  dismiss: (how: 'escape' | 'outside') => void,
): void {
  const latest = useRef(dismiss);
  useEffect(() => {
    latest.current = dismiss;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && latest.current('escape');
    const onPointer = (event: PointerEvent) =>
      !root.current?.contains(event.target as Node) && latest.current('outside');
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, root]);
}
