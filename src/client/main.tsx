import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
// Before any form parses: messages that name the field, the same as the server's.
import '../shared/schemas/field-messages.ts';
import { config as configureZod } from 'zod/v4/core';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import './styles.css';

// Zod probes for a faster validator with `new Function`, which the site's Content Security Policy
// forbids: the probe fails quietly, but Chrome reports each one as a security issue.
configureZod({ jitless: true });

const router = createRouter();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
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
