import { useState } from 'react';

/**
 * A list page's create/edit form modal: which one is open. The row being edited is read from the live list `rows`
 * (an edit made elsewhere shows in the form; a row deleted elsewhere closes it).
 */
export function useFormModal<T extends { id: number }>(rows: readonly T[]) {
  const [open, setOpen] = useState<{ mode: 'create' } | { mode: 'edit'; id: number } | null>(null);
  return {
    creating: open?.mode === 'create',
    editing: open?.mode === 'edit' ? (rows.find((row) => row.id === open.id) ?? null) : null,
    openCreate: () => setOpen({ mode: 'create' }),
    openEdit: (row: { id: number }) => setOpen({ mode: 'edit', id: row.id }),
    close: () => setOpen(null),
  };
}
