import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

/** How far each entry of this tab's history was scrolled, kept over a reload as the browser would. */
let positions: Map<string, number> | undefined;

/** Read when first needed: the storage is slow to open, and a first paint has no use for it. */
function savedPositions(): Map<string, number> {
  if (!positions) {
    try {
      positions = new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]);
    } catch {
      positions = new Map();
    }
  }
  return positions;
}

/**
 * Whether this document was loaded again (a reload, Back or Forward into it): a link followed or an
 * address typed opens its page at the top, with no position to look up.
 */
function documentReturnedTo(): boolean {
  const type = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

/** The first location drawn is the document's own, which React Router calls a POP whatever loaded it. */
let documentLocation = true;

/**
 * The browser's scrolling on navigation, for a site whose pages are drawn by script: a new page
 * opens at its top (or at the element its #fragment names), and Back or Forward returns to where
 * the reader was.
 */
export function ScrollOnNavigate() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...savedPositions()].slice(-50)));
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useLayoutEffect(() => {
    // The storage is opened only for a position there can be: at a document's first paint it cost
    // the hydrating phone 6-15 ms of a long task (docs/performance.md).
    const restores = navigationType === 'POP' && (!documentLocation || documentReturnedTo());
    documentLocation = false;
    const saved = restores ? savedPositions().get(key) : undefined;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
    // Recorded as the reader scrolls: by the time the location changes, the next page is drawn.
    const record = () => savedPositions().set(key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [key, hash, navigationType]);

  return null;
}
