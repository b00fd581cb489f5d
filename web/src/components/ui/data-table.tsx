import type { ReactNode } from 'react';

/**
 * A list page's table in its scrolling wrapper (`table--responsive`: cards on a phone, each cell
 * labelled by its `data-label`). One head per column (a `false` column is left out), then 'Acciones'.
 */
export function DataTable({
  className,
  testId,
  columns,
  children,
}: {
  className?: string;
  testId: string;
  columns: readonly (string | false)[];
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={className ? `table table--responsive ${className}` : 'table table--responsive'} data-testid={testId}>
        <thead>
          <tr>
            {columns
              .filter((column): column is string => column !== false)
              .map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            <th scope="col" className="table__actions-head">
              Acciones
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Which row actions the signed-in user may see (edit and delete are permissions of the list's area). */
export interface RowPermissions {
  edit: boolean;
  delete: boolean;
}

/** What a list's table takes for its rows' edit and delete buttons: who may, the row being saved, and the handlers. */
export interface RowEditing<T> {
  can: RowPermissions;
  busyId: number | null;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}

/** What a list shows instead of its table when there is nothing in it. */
export function EmptyMessage({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="empty" data-testid={testId}>
      {children}
    </p>
  );
}
