import { useEffect, useRef } from 'react';
import { CHAT_WORDING } from '@shared/domain/chat-wording.ts';
import type { ChatMessageView } from '@shared/schemas/chat.ts';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useAuth } from '@client/lib/auth-api.ts';
import { relativeTime } from '@client/lib/dates.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useChatMessages } from './chat-api.ts';

function senderLabel(message: ChatMessageView, viewerId: string | undefined): string {
  if (message.senderRole === 'admin') return 'Reviewer';
  if (message.sender?._id === viewerId) return 'You';
  return message.sender?.username ?? 'Author';
}

function MessageBubble({ message, viewerId }: { message: ChatMessageView; viewerId: string | undefined }) {
  const own = message.sender?._id === viewerId;
  return (
    <li className={`flex ${own ? 'justify-end' : 'justify-start'}`} data-testid="chat-message">
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2.5 shadow-sm ${own ? 'bg-brand-700 text-white' : 'border border-slate-200 bg-white text-slate-900'}`}
      >
        <p
          className={`text-xs font-semibold ${own ? 'text-blue-100' : message.senderRole === 'admin' ? 'text-purple-700' : 'text-slate-600'}`}
        >
          {senderLabel(message, viewerId)} · <time dateTime={message.timestamp}>{relativeTime(message.timestamp)}</time>
        </p>
        {message.message && <p className="mt-1 break-words whitespace-pre-wrap">{message.message}</p>}
        {message.attachments.length > 0 && (
          <ul className="mt-2 space-y-1 text-sm">
            {message.attachments.map((a) => (
              <li key={a.viewUrl} className="flex flex-wrap items-center gap-2">
                <span aria-hidden="true">{a.fileType === 'image' ? '🖼' : '📄'}</span>
                <span className="break-all">{a.fileName}</span>
                <span className={own ? 'text-blue-100' : 'text-slate-500'}>({(a.fileSize / 1024).toFixed(0)} KB)</span>
                <a href={a.viewUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                  View
                </a>
                <a href={a.downloadUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                  Download
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** A paper's messages, oldest first, kept scrolled to the newest; with its loading, error and empty states. */
export function ChatMessageList({ paperId }: { paperId: string }) {
  const { user } = useAuth();
  const messages = useChatMessages(paperId);
  const listEnd = useRef<HTMLLIElement>(null);
  const toast = useToast();

  useEffect(() => {
    listEnd.current?.scrollIntoView({ block: 'end' });
  }, [messages.data?.messages.length]);

  useEffect(() => {
    if (messages.isError) toast.error('Failed to load messages');
  }, [messages.isError, toast]);

  if (messages.isPending) return <Spinner label="Loading messages..." />;
  if (messages.isError) return <p className="py-10 text-center text-red-700">Failed to load messages</p>;
  if (messages.data.messages.length === 0)
    return (
      <div className="py-12 text-center text-slate-600">
        <p className="text-lg font-semibold text-slate-800">Start the Conversation</p>
        <p className="mt-1 text-sm">{CHAT_WORDING.emptyPrompt(messages.data.committeeExists)}</p>
      </div>
    );
  return (
    <ul className="space-y-3">
      {messages.data.messages.map((m) => (
        <MessageBubble key={m._id} message={m} viewerId={user?._id} />
      ))}
      <li ref={listEnd} aria-hidden="true" />
    </ul>
  );
}
