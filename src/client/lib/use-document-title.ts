import { useEffect } from 'react';

const SITE = 'ICTACEM 2025';

/** Sets the tab title ("Login | ICTACEM 2025") and the page's meta description. */
export function useDocumentTitle(title: string | undefined, description?: string): void {
  useExactDocumentTitle(title ? `${title} | ${SITE}` : SITE, description);
}

/** Sets the tab title to exactly this text, for pages whose title the specification fixes. */
export function useExactDocumentTitle(text: string, description?: string): void {
  useEffect(() => {
    document.title = text;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [text, description]);
}
