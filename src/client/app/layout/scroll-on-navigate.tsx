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
    const saved = navigationType === 'POP' ? savedPositions().get(key) : undefined;
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
