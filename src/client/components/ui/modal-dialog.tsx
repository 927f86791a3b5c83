import { type ReactNode, useId } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

interface ModalDialogProps {
  title: string;
  children: ReactNode;
  /** Escape calls this; without it the dialog stays until one of its own buttons is used. */
  onDismiss?: () => void;
  /** 'wide' for a dialog with a form to write in. */
  size?: 'normal' | 'wide';
}

/**
 * A modal built on the native <dialog> opened with showModal(): the browser makes the page
 * behind inert, keeps focus inside and moves it to the first control (or one marked autoFocus).
 * Mount it to open it, unmount it to close it.
 */
export function ModalDialog({ title, children, onDismiss, size = 'normal' }: ModalDialogProps) {
  const titleId = useId();
  const dialog = useModalDialog(onDismiss);

  return (
    <dialog
      ref={dialog.ref}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={dialog.onCancel}
      className={`m-auto ${size === 'wide' ? 'w-[min(42rem,calc(100vw-2rem))]' : 'w-[min(28rem,calc(100vw-2rem))]'} rounded-xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/60`}
    >
      <h2 id={titleId} className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </dialog>
  );
}
