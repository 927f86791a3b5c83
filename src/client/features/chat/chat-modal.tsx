import { useEffect, useId, useRef, useState } from 'react';
import { chatFilesProblem } from '../../../shared/domain/chat-files.ts';
import {
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  CHAT_PICKER_ACCEPT,
  type ChatMessageView,
} from '../../../shared/schemas/chat.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { relativeTime } from '../../lib/dates.ts';
import { useToast } from '../../lib/toast.tsx';
import { useModalDialog } from '../../components/ui/use-modal-dialog.ts';
import { useChatMessages, useRefreshChatUnread, useSendChatMessage } from './chat-api.ts';

const REFRESH_AFTER_CLOSE_MS = 500;

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

/** The per-paper conversation between the author and the reviewers. */
export function ChatModal({ paperId, title, onClose }: { paperId: string; title: string; onClose: () => void }) {
  const headingId = useId();
  const { user } = useAuth();
  const toast = useToast();
  const messages = useChatMessages(paperId);
  const send = useSendChatMessage(paperId);
  const refreshUnread = useRefreshChatUnread();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string>();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const listEnd = useRef<HTMLLIElement>(null);
  const dialog = useModalDialog(onClose);

  useEffect(() => {
    textArea.current?.focus();
    return () => {
      setTimeout(refreshUnread, REFRESH_AFTER_CLOSE_MS);
    };
  }, [refreshUnread]);

  useEffect(() => {
    listEnd.current?.scrollIntoView({ block: 'end' });
  }, [messages.data?.length]);

  useEffect(() => {
    if (messages.isError) toast.error('Failed to load messages');
  }, [messages.isError, toast]);

  const chooseFiles = (chosen: FileList | null) => {
    const next = [...files, ...Array.from(chosen ?? [])];
    const found = chatFilesProblem(next);
    setProblem(found ?? undefined);
    if (!found) setFiles(next);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = () => {
    const message = text.trim();
    if (!message && files.length === 0) return setProblem(CHAT_MESSAGES.empty);
    if (message.length > CHAT_MESSAGE_MAX) return setProblem(CHAT_MESSAGES.tooLong);
    setProblem(undefined);
    send.mutate(
      { message, files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
        },
        onError: (error) => toast.error(errorText(error, 'Failed to send message')),
      },
    );
  };

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
            <p className="truncate text-sm text-slate-600">{title}</p>
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
          {messages.isPending ? (
            <Spinner label="Loading messages..." />
          ) : messages.isError ? (
            <p className="py-10 text-center text-red-700">Failed to load messages</p>
          ) : messages.data.length === 0 ? (
            <div className="py-12 text-center text-slate-600">
              <p className="text-lg font-semibold text-slate-800">Start the Conversation</p>
              <p className="mt-1 text-sm">Ask the reviewers anything about this paper.</p>
            </div>
          ) : (
            <ul className="space-y-3">
              {messages.data.map((m) => (
                <MessageBubble key={m._id} message={m} viewerId={user?._id} />
              ))}
              <li ref={listEnd} aria-hidden="true" />
            </ul>
          )}
        </div>

        <form
          className="border-t border-slate-200 bg-white px-4 py-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {files.length > 0 && (
            <ul className="mb-2 flex flex-wrap gap-2 text-xs">
              {files.map((file, index) => (
                <li
                  key={`${file.name}-${index}`}
                  className="flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1"
                >
                  <span className="max-w-40 truncate">{file.name}</span>
                  <button
                    type="button"
                    onClick={() => setFiles(files.filter((_, i) => i !== index))}
                    aria-label={`Remove ${file.name}`}
                    className="font-bold text-slate-500 hover:text-red-700"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          {problem && (
            <p role="alert" className="mb-2 text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          <div className="flex items-end gap-2">
            <label className="cursor-pointer rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 focus-within:ring-2 focus-within:ring-amber-500 hover:bg-slate-100">
              <span aria-hidden="true">📎</span>
              <span className="sr-only">Attach files</span>
              <input
                ref={fileInput}
                type="file"
                multiple
                accept={CHAT_PICKER_ACCEPT}
                className="sr-only"
                onChange={(e) => chooseFiles(e.target.files)}
              />
            </label>
            <textarea
              ref={textArea}
              rows={2}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  submit();
                }
              }}
              placeholder="Type your message... (Enter sends, Shift+Enter for a new line)"
              aria-label="Message"
              className="min-w-0 flex-1 resize-none rounded-md border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
            />
            <button
              type="submit"
              disabled={send.isPending}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {send.isPending ? 'Sending...' : 'Send'}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
