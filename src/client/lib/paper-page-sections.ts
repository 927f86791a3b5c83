import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The paper page's side panels a link can open the page at (the paper cards' quick actions). */
export const PAPER_PAGE_SECTIONS = {
  submissionControls: 'submission-controls',
  adminFiles: 'admin-files',
} as const;
export type PaperPageSection = (typeof PAPER_PAGE_SECTIONS)[keyof typeof PAPER_PAGE_SECTIONS];

export function paperPagePath(paperId: string, section?: PaperPageSection): string {
  return `/admin/paper/${paperId}${section ? `#${section}` : ''}`;
}

/**
 * Once the page has rendered, brings the section named by the address's #fragment into view
 * and moves focus to its heading, so a keyboard or screen-reader user lands there too. The
 * browser cannot do it itself: the section does not exist yet when the address changes.
 */
export function useOpenAtSection(): void {
  const { hash } = useLocation();
  useEffect(() => {
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return; // A malformed fragment (e.g. "#%E0") names no section.
    }
    const section = id ? document.getElementById(id) : null;
    if (!section) return;
    section.scrollIntoView({ block: 'start' });
    section.querySelector<HTMLElement>('h2, h3')?.focus({ preventScroll: true });
  }, [hash]);
}
