import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes, loadPage, pageAt } from './app/router.tsx';
import './styles.css';

const basename = import.meta.env.BASE_URL.replace(/\/$/, '');

function render() {
  const root = createRoot(document.getElementById('root')!);
  // A transition lets React yield while it draws the first page, so a phone's main thread is
  // never blocked by one long task (Lighthouse's total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <BrowserRouter basename={basename}>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
}

// The first page's code is a chunk of its own (preloaded with the page): render once it is here,
// so the page appears whole instead of after a spinner. Should it fail, the page's error shows.
loadPage(pageAt(window.location.pathname.slice(basename.length))).then(render, render);
