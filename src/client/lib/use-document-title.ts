import { useEffect } from 'react';

const SITE = 'ICTACEM 2025';

/** Sets the tab title ("Login | ICTACEM 2025") and the page's meta description. */
export function useDocumentTitle(title: string | undefined, description?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : SITE;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
