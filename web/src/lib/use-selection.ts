import { useState } from 'react';

/** Ids picked from a list: one toggled at a time, or a whole page at once (all off when all of them are on). */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = (ids: readonly number[]) => ids.length > 0 && ids.every((id) => selected.has(id));
  const toggleAll = (ids: readonly number[]) => {
    const all = allSelected(ids);
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  };
  return { selected, toggle, allSelected, toggleAll };
}
