import { currentConference } from '@shared/conference.ts';
import { createContext, useContext, useEffect } from 'react';

/** The tab title and description a page asks for, as the server renders it (entry-server.tsx). */
export interface DocumentHead {
  title?: string;
  description?: string;
}

/**
 * Given on the server only: the page's title and description go into the HTML's <head>, which
 * React does not render there, for readers and crawlers without JavaScript.
 */
export const DocumentHeadContext = createContext<((head: DocumentHead) => void) | null>(null);

/** Sets the tab title ("Login | " and the conference's short name) and the page's meta description. */
export function useDocumentTitle(title: string | undefined, description?: string): void {
  const site = currentConference().shortName;
  useExactDocumentTitle(title ? `${title} | ${site}` : site, description);
}

/** Sets the tab title to exactly this text, for pages whose title the specification fixes. */
export function useExactDocumentTitle(text: string, description?: string): void {
  useContext(DocumentHeadContext)?.({ title: text, description });
  useEffect(() => {
    document.title = text;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [text, description]);
}
