import { type SyntheticEvent, useEffect, useRef } from 'react';

/**
 * Opens a native <dialog> with showModal() while the component is mounted: the browser makes
 * the page behind inert and keeps focus inside. Escape calls `onDismiss` (React state decides
 * whether the dialog goes, not the browser).
 */
export function useModalDialog(onDismiss?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onDismiss?.();
    },
  };
}
