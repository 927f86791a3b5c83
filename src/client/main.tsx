import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import './styles.css';

const router = createRouter();

function render() {
  const root = createRoot(document.getElementById('root')!);
  // A transition lets React yield while it draws the first page, so a phone's main thread is
  // never blocked by one long task (Lighthouse's total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

// The first page's code is a lazy chunk: render once it is loaded, so the page appears whole
// instead of through an empty hydration fallback (and React Router has nothing to warn about).
if (router.state.initialized) {
  render();
} else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
