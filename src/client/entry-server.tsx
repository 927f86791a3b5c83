import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { setConference } from '@shared/conference.ts';
import type { RenderPage } from '@shared/page-rendering.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes, loadPage, pageAt } from './app/router.tsx';
import { queryKeys } from './lib/query-keys.ts';
import { type DocumentHead, DocumentHeadContext } from './lib/use-document-title.ts';

/**
 * A public page as HTML, for the server to send inside the shell (server/plugins/client-pages.ts);
 * main.tsx hydrates it. The page's data goes into the query cache first, and the same cache is sent
 * with the page, so the client's first render draws exactly what the server drew.
 */
export const renderPage: RenderPage = async ({ url, basename, data, conference }) => {
  setConference(conference);
  const path = url.split('?')[0]!.slice(basename.length);
  // Loaded before rendering, as the client loads it before hydrating: nothing suspends on either side.
  await loadPage(pageAt(path));

  const queryClient = new QueryClient();
  if (data.session !== undefined) queryClient.setQueryData(queryKeys.session, data.session);
  if (data.dates !== undefined) queryClient.setQueryData(queryKeys.conferenceDates, data.dates);
  if (data.content !== undefined) queryClient.setQueryData(queryKeys.siteContent, data.content);
  if (data.publicCommittee !== undefined) queryClient.setQueryData(queryKeys.publicCommittee, data.publicCommittee);
  if (data.programme !== undefined) queryClient.setQueryData(queryKeys.publishedProgramme, data.programme);
  if (data.letterVerification)
    queryClient.setQueryData(
      queryKeys.letters.verification(data.letterVerification.code),
      data.letterVerification.answer,
    );
  const pageQueries = dehydrate(queryClient);

  // An error under a Suspense boundary would leave its fallback in the HTML, for the client to
  // render in its place (a recoverable error in the console): the page fails instead, and the
  // server sends the shell, which the client draws whole.
  let failure: unknown;
  // The page's own call comes last: it renders below the layout.
  const head: DocumentHead = {};
  const setHead = (asked: DocumentHead) => {
    head.title = asked.title;
    if (asked.description) head.description = asked.description;
  };
  const { prelude } = await prerender(
    <StrictMode>
      <DocumentHeadContext value={setHead}>
        <Providers pageQueries={pageQueries}>
          <StaticRouter basename={basename} location={url}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </DocumentHeadContext>
    </StrictMode>,
    {
      onError: (error) => void (failure ??= error),
      // Every part of the page in place, however large: React otherwise sends a large part after
      // the rest with an inline script to move it in, which the CSP refuses and a reader without
      // JavaScript never sees.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (failure !== undefined) throw failure;
  return { html: await new Response(prelude).text(), pageQueries: JSON.stringify(pageQueries), ...head };
};
