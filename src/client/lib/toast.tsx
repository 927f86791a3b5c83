import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { TIMINGS } from '@shared/constants.ts';

type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastApi {
  success(message: string): void;
  error(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Set by the site header to the height of its bars; the toasts' `top` below reads it by name. */
export const SITE_HEADER_HEIGHT_PROPERTY = '--site-header-height';

/**
 * Top-right toasts, just under the sticky header so they never cover its controls (Profile, Admin,
 * Logout, Submit, the menu button): green success vanishes after 5 s, red error stays until closed.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      setToasts((all) => [...all, { id, kind, message }]);
      if (kind === 'success') setTimeout(() => dismiss(id), TIMINGS.successToastMs);
    },
    [dismiss],
  );
  const toastApi = useMemo<ToastApi>(
    () => ({ success: (m) => push('success', m), error: (m) => push('error', m) }),
    [push],
  );

  return (
    <ToastContext.Provider value={toastApi}>
      {children}
      <div className="pointer-events-none fixed top-[calc(var(--site-header-height,0px)+1rem)] right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            data-testid={`toast-${toast.kind}`}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg px-4 py-3 text-white shadow-lg ${
              toast.kind === 'success' ? 'bg-green-700' : 'bg-red-700'
            }`}
          >
            <div className="flex-1">
              <p className="font-semibold">{toast.kind === 'success' ? 'Success' : 'Error'}</p>
              <p className="text-sm break-words">{toast.message}</p>
            </div>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="rounded px-1 text-lg leading-none text-white/90 hover:text-white"
              aria-label="Close notification"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast outside ToastProvider');
  return context;
}
