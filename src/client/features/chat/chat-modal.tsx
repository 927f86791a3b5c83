import { useEffect, useId, useRef } from 'react';
import { useModalDialog } from '@client/components/ui/use-modal-dialog.ts';
import { useRefreshChatUnread } from './chat-api.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatMessageList } from './chat-message-list.tsx';

const REFRESH_AFTER_CLOSE_MS = 500;

/** The per-paper conversation between the author and the reviewers. */
export function ChatModal({ paperId, title, onClose }: { paperId: string; title: string; onClose: () => void }) {
  const headingId = useId();
  const refreshUnread = useRefreshChatUnread();
  const dialog = useModalDialog(onClose);
  const textArea = useRef<HTMLTextAreaElement>(null);

  // After the dialog has opened (its own effect runs first): showModal would focus the close button.
  useEffect(() => textArea.current?.focus(), []);

  // Closing the chat re-reads the unread counts once the server has recorded what was read.
  useEffect(() => () => void setTimeout(refreshUnread, REFRESH_AFTER_CLOSE_MS), [refreshUnread]);

  return (
    <dialog
      ref={dialog.ref}
      aria-modal="true"
      aria-labelledby={headingId}
      onCancel={dialog.onCancel}
      onClick={(event) => event.target === dialog.ref.current && onClose()}
      className="m-auto mb-0 h-[92vh] max-h-none w-full max-w-2xl overflow-hidden rounded-t-2xl bg-slate-50 p-0 shadow-2xl backdrop:bg-slate-900/60 sm:mb-auto sm:h-[80vh] sm:rounded-2xl"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-bold text-brand-900">
              Questions and answers
            </h2>
            <p className="truncate text-sm text-slate-600" title={title}>
              {title}
            </p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close chat"
            className="rounded-md px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100"
          >
            ×
          </button>
        </header>

        <div className="flex-1 overflow-y-auto px-4 py-4" aria-live="polite">
          <ChatMessageList paperId={paperId} />
        </div>

        <ChatComposer paperId={paperId} textArea={textArea} />
      </div>
    </dialog>
  );
}
