import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { type Conference, CONFERENCE_SCRIPT_ID, currentConference, setConference } from '@shared/conference.ts';
import { PAGE_QUERIES_ID } from '@shared/page-rendering.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes, loadPage, pageAt } from './app/router.tsx';
import './styles.css';

/**
 * The query cache a server-rendered page was drawn with (entry-server.tsx); none for the shell.
 * Its data is as fresh as the page: the server may have rendered it earlier for another visitor
 * (plugins/client-pages.ts), and its clock is not this one.
 */
function pageQueries(): DehydratedState | undefined {
  const json = document.getElementById(PAGE_QUERIES_ID)?.textContent;
  if (!json) return undefined;
  const state = JSON.parse(json) as DehydratedState;
  const loadedAt = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = loadedAt;
  return state;
}

function render() {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <Providers pageQueries={pageQueries()}>
        <BrowserRouter basename={basename}>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  // A page drawn by the server (a public page, a signed-in page's frame): React takes it over as it
  // is. It is already painted, so its hydration runs in a transition, which React splits into short
  // tasks: the phone's main thread is never held by one long task after the paint.
  if (container.hasChildNodes()) {
    startTransition(() => void hydrateRoot(container, app));
    return;
  }
  // A transition lets React yield while it draws the first page, so a phone's main thread is
  // never blocked by one long task (Lighthouse's total blocking time).
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

// The conference the server is configured with, before anything is drawn: the client's code
// names none of its own (plugins/client-pages.ts writes it into every page).
setConference(JSON.parse(document.getElementById(CONFERENCE_SCRIPT_ID)!.textContent!) as Conference);
// The base path the page was served under, the same one build serves for any conference.
const basename = currentConference().basePath;

// The first page's code is a chunk of its own (preloaded with the page): render once it is here,
// so the page appears whole instead of after a spinner. Should it fail, the page's error shows.
loadPage(pageAt(window.location.pathname.slice(basename.length))).then(render, render);
