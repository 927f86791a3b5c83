import { lazy, useState } from 'react';
import { buttonClass, type ButtonVariant } from '@client/components/ui/button.tsx';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { unreadFor, useChatUnreadCounts } from './chat-api.ts';

/** The chat and its composer's form libraries are fetched when a chat is first opened. */
const ChatModal = lazy(async () => ({ default: (await import('./chat-modal.tsx')).ChatModal }));

/** Opens a paper's chat; the badge counts the messages this reader has not seen yet. */
export function ChatButton({
  paperId,
  paperTitle,
  label,
  variant,
}: {
  paperId: string;
  paperTitle: string;
  label: string;
  variant: ButtonVariant;
}) {
  const [open, setOpen] = useState(false);
  const unread = unreadFor(useChatUnreadCounts().data, paperId);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass(variant, 'relative')}>
        {label}
        {unread > 0 && (
          <span
            data-testid="chat-unread-badge"
            className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white"
          >
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </button>
      {open && (
        <LoadBoundary fallback={<ChatOpening />}>
          <ChatModal paperId={paperId} title={paperTitle} onClose={() => setOpen(false)} />
        </LoadBoundary>
      )}
    </>
  );
}

/** What a first click on a chat shows while its code arrives: the dialog's backdrop, and why. */
function ChatOpening() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
      <div className="rounded-xl bg-white px-8">
        <Spinner label="Opening the chat..." />
      </div>
    </div>
  );
}
