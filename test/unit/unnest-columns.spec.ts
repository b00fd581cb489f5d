import { rowValues, unnestColumns, type Column } from '../../api/src/core/database/unnest-columns';

describe('unnestColumns: one array per column for a many-row statement, in the columns’ order', () => {
  const columns: Array<Column<{ id: string; n: number }>> = [(r) => r.id, (r) => r.n * 10];

  it('transposes the rows, and a row alone gives the one-row statement the same order', () => {
    const rows = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ];
    expect(unnestColumns(rows, columns)).toEqual([
      ['a', 'b'],
      [10, 20],
    ]);
    expect(rowValues(rows[1], columns)).toEqual(['b', 20]);
  });

  it('no rows: still one (empty) array per column, so the statement gets all its parameters', () => {
    expect(unnestColumns([], columns)).toEqual([[], []]);
  });
});
