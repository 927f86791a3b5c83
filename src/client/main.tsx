import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import './styles.css';

const router = createRouter();

// Until the first page's code arrives, the router draws the site with a spinner in the page's
// place (each page route's HydrateFallback): the header paints as soon as this chunk has run.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
