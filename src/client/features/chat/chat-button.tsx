import { useState } from 'react';
import { buttonClass, type ButtonVariant } from '@client/components/ui/button.tsx';
import { unreadFor, useChatUnreadCounts } from './chat-api.ts';
import { ChatModal } from './chat-modal.tsx';

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
      {open && <ChatModal paperId={paperId} title={paperTitle} onClose={() => setOpen(false)} />}
    </>
  );
}
