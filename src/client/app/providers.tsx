import { type DehydratedState, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '../lib/toast.tsx';

/**
 * `pageQueries`: what the server rendered the page with (entry-server.tsx), put in the cache
 * before the first render on both sides, so the page hydrates to what the server drew.
 */
export function Providers({ children, pageQueries }: { children: ReactNode; pageQueries?: DehydratedState }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
    if (pageQueries) hydrate(client, pageQueries);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
