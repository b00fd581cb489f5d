/** One column of a many-row write: how a row gives its value. */
export type Column<T> = (row: T) => unknown;

/**
 * The rows' values as one array per column, in the columns' order: the parameters of an `unnest($1::…[], $2::…[], …)`
 * that writes many rows in one statement. The same list of columns gives a one-row statement's parameters
 * (`rowValues`), so a batch and its one-row fallback never disagree on the order.
 */
export const unnestColumns = <T>(rows: readonly T[], columns: ReadonlyArray<Column<T>>): unknown[][] => columns.map((c) => rows.map(c));

/** One row's values in the columns' order (the one-row statement beside a batch's `unnestColumns`). */
export const rowValues = <T>(row: T, columns: ReadonlyArray<Column<T>>): unknown[] => columns.map((c) => c(row));
