import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { TIMINGS } from '@shared/constants.ts';

interface Message {
  kind: 'success' | 'error';
  text: string;
  /** A repeated text is still a new message: it restarts the timer and is announced again. */
  id: number;
}

interface DashboardMessages {
  /** Shows the text; returns the message's id, for taking it away once it no longer holds. */
  showSuccess(text: string): number;
  showError(text: string): number;
  /** Takes that message away if it is still the one shown (a later message stays). */
  withdraw(id: number): void;
}

const DashboardMessagesContext = createContext<DashboardMessages | null>(null);
export const DashboardMessagesProvider = DashboardMessagesContext.Provider;

export function useDashboardMessages(): DashboardMessages {
  const messages = useContext(DashboardMessagesContext);
  if (!messages) throw new Error('useDashboardMessages outside DashboardMessagesProvider');
  return messages;
}

/**
 * The banner's state: the message shown, how to show one, and how to dismiss it. A success
 * clears itself after TIMINGS.adminBannerSuccessMs (spec 2.2: 3 seconds); an error stays until
 * replaced or dismissed.
 */
export function useMessageState() {
  const [message, setMessage] = useState<Message | null>(null);
  const nextId = useRef(1);
  const dismiss = useCallback(() => setMessage(null), []);
  const messages = useMemo<DashboardMessages>(() => {
    const show = (kind: Message['kind'], text: string) => {
      const id = nextId.current++;
      setMessage({ kind, text, id });
      return id;
    };
    return {
      showSuccess: (text) => show('success', text),
      showError: (text) => show('error', text),
      withdraw: (id) => setMessage((current) => (current?.id === id ? null : current)),
    };
  }, []);

  useEffect(() => {
    if (message?.kind !== 'success') return;
    const timer = setTimeout(
      () => setMessage((current) => (current?.id === message.id ? null : current)),
      TIMINGS.adminBannerSuccessMs,
    );
    return () => clearTimeout(timer);
  }, [message]);

  return { message, messages, dismiss };
}

/** Shows "{prefix}{the error's message}" in the banner each time a load fails. */
export function useReportLoadError(error: Error | null, prefix: string): void {
  const { showError } = useDashboardMessages();
  useEffect(() => {
    if (error) showError(`${prefix}${error.message}`);
  }, [error, prefix, showError]);
}

export function MessageBanner({ message, onDismiss }: { message: Message | null; onDismiss: () => void }) {
  // Both live regions stay mounted, so screen readers already watch them when a message arrives;
  // an error interrupts (alert), a success waits its turn (status).
  return (
    <>
      <div role="alert">
        {message?.kind === 'error' && <MessageBox key={message.id} message={message} onDismiss={onDismiss} />}
      </div>
      <div role="status">
        {message?.kind === 'success' && <MessageBox key={message.id} message={message} onDismiss={onDismiss} />}
      </div>
    </>
  );
}

function MessageBox({ message, onDismiss }: { message: Message; onDismiss: () => void }) {
  return (
    <div
      data-testid={`dashboard-message-${message.kind}`}
      className={`mb-4 flex items-start gap-3 rounded-lg border px-4 py-3 text-sm ${
        message.kind === 'error'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-green-200 bg-green-50 text-green-800'
      }`}
    >
      <p className="flex-1 break-words">{message.text}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss message"
        className="rounded px-1 text-lg leading-none opacity-80 hover:opacity-100"
      >
        ×
      </button>
    </div>
  );
}
