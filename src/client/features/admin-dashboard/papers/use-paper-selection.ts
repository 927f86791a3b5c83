import { useCallback, useEffect, useState } from 'react';

/**
 * The papers ticked in the list, kept across its pages; a new filter (`scope`) starts a new
 * selection, as what was picked under the old one may no longer be in view.
 */
export function usePaperSelection(scope: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [scope]);

  const setMany = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const replace = useCallback((ids: readonly string[]) => setSelected(new Set(ids)), []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, setMany, replace, clear };
}
export type PaperSelection = ReturnType<typeof usePaperSelection>;
