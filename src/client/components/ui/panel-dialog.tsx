import { type ReactNode, useId } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

interface PanelDialogProps {
  title: string;
  /** A second line under the title, e.g. what the dialog is about. */
  subtitle?: string;
  children: ReactNode;
  onClose: () => void;
  /** Names the close button for screen readers, e.g. "Close submission history". */
  closeLabel: string;
}

/**
 * A large modal for reading (histories, long lists): wide, with a fixed header and a body that
 * scrolls. Like ModalDialog it uses the native <dialog> with showModal(), so the page behind is
 * inert and focus stays inside; Escape, the close button and a click on the backdrop close it.
 */
export function PanelDialog({ title, subtitle, children, onClose, closeLabel }: PanelDialogProps) {
  const titleId = useId();
  const dialog = useModalDialog(onClose);

  return (
    <dialog
      ref={dialog.ref}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={dialog.onCancel}
      onClick={(event) => event.target === dialog.ref.current && onClose()}
      className="m-auto max-h-[90vh] w-[min(48rem,calc(100vw-1rem))] overflow-hidden rounded-xl bg-slate-50 p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="flex max-h-[90vh] flex-col">
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-xl font-bold text-brand-900">
              {title}
            </h2>
            {subtitle && <p className="mt-0.5 text-sm break-words text-slate-600">{subtitle}</p>}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="rounded-md px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100"
          >
            ×
          </button>
        </header>
        <div className="overflow-y-auto px-4 py-4 sm:px-5">{children}</div>
      </div>
    </dialog>
  );
}
