import { useCallback, useState } from 'react';

/**
 * The current page of a list, back to page 1 whenever `filtersKey` (the list's search and
 * filters, serialised) changes. Deriving it during render, instead of resetting it in an
 * effect, means a new filter never fetches a page that may no longer exist.
 */
export function usePageOf(filtersKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ filtersKey, page: 1 });
  const page = state.filtersKey === filtersKey ? state.page : 1;
  const setPage = useCallback((next: number) => setState({ filtersKey, page: next }), [filtersKey]);
  return [page, setPage];
}
