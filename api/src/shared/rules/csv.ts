/**
 * CSV cells safe to open in a spreadsheet: a cell starting with =, +, -, @, tab or CR would run
 * as a formula, so it gets an apostrophe in front; cells with a comma, quote or line break are quoted.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvCell(value: string | number | null | undefined): string {
  const text = neutralizeFormula(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Byte-order mark (so spreadsheets read UTF-8) and CRLF line endings. */
export function csvDocument(rows: Array<Array<string | number | null | undefined>>): string {
  return '\uFEFF' + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
