import { zodResolver } from '@hookform/resolvers/zod';
import { type RefObject, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { type ChatCompose, chatComposeSchema, chatFilesProblem } from '@shared/schemas/chat-files.ts';
import { CHAT_PICKER_ACCEPT } from '@shared/schemas/chat.ts';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useSendChatMessage } from './chat-api.ts';
import { StrokeIcon } from '@client/components/ui/stroke-icon.tsx';

const PAPERCLIP =
  'M21 11.5l-8.6 8.6a5.5 5.5 0 01-7.8-7.8l8.6-8.6a3.7 3.7 0 015.2 5.2l-8.6 8.6a1.8 1.8 0 01-2.6-2.6l7.9-7.9';

/** Writing a message: text (Enter sends), up to the allowed attachments, the rules checked before sending. */
export function ChatComposer({
  paperId,
  textArea,
}: {
  paperId: string;
  /** The message field, focused by the dialog once it is open. */
  textArea: RefObject<HTMLTextAreaElement | null>;
}) {
  const toast = useToast();
  const send = useSendChatMessage(paperId);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<ChatCompose>({ resolver: zodResolver(chatComposeSchema), defaultValues: { message: '', files: [] } });
  const files = watch('files');
  const problem = errors.message?.message ?? errors.files?.message;
  const fileInput = useRef<HTMLInputElement>(null);
  const keysHintId = useId();
  const { ref: messageRef, ...messageField } = register('message');

  // A file that breaks the rules is refused as it is chosen, and the ones already chosen stay.
  const chooseFiles = (chosen: FileList | null) => {
    const next = [...files, ...Array.from(chosen ?? [])];
    const found = chatFilesProblem(next);
    clearErrors();
    if (found) setError('files', { message: found });
    else setValue('files', next);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = handleSubmit((message) =>
    send.mutate(message, {
      onSuccess: () => reset(),
      onError: (error) => toast.error(errorText(error, 'Failed to send message')),
    }),
  );

  return (
    <form className="border-t border-slate-200 bg-white px-4 py-3" noValidate onSubmit={(event) => void submit(event)}>
      {files.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2 text-xs">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1">
              <span className="max-w-40 truncate">{file.name}</span>
              <button
                type="button"
                onClick={() =>
                  setValue(
                    'files',
                    files.filter((_, i) => i !== index),
                  )
                }
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
        <label className="cursor-pointer rounded-md border border-slate-300 p-2.5 text-sm font-semibold text-slate-700 focus-within:ring-2 focus-within:ring-amber-500 hover:bg-slate-100">
          <StrokeIcon path={PAPERCLIP} />
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
          ref={(element) => {
            messageRef(element);
            textArea.current = element;
          }}
          rows={2}
          {...messageField}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void submit();
            }
          }}
          placeholder="Type your message..."
          aria-label="Message"
          aria-describedby={keysHintId}
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
      {/* Beside the field rather than in its placeholder, which a phone's narrow field would cut off. */}
      <p id={keysHintId} className="mt-1 text-xs text-slate-500">
        Enter sends, Shift+Enter for a new line
      </p>
    </form>
  );
}
