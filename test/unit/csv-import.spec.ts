import { hasUnclosedQuote, parseCsv } from '../../api/src/modules/personas/import/csv-import';

const parserRefuses = (text: string) => {
  try {
    for (const record of parseCsv(text)) void record;
    return false;
  } catch {
    return true;
  }
};

describe('CSV checks before an import starts', () => {
  it('finds an unclosed quote exactly when the parser would refuse the file (random files of quotes, commas and line breaks)', () => {
    const pieces = ['"', '"', ',', '\n', '\r\n', '\r', 'a', ' ', 'ñ', '""'];
    let seed = 99;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const differ: string[] = [];
    let refused = 0;
    for (let i = 0; i < 20000; i++) {
      const n = Math.floor(rand() * 12);
      const text = (rand() < 0.1 ? '\uFEFF' : '') + Array.from({ length: n }, () => pieces[Math.floor(rand() * pieces.length)]).join('');
      const expected = parserRefuses(text);
      if (expected) refused++;
      if (hasUnclosedQuote(Buffer.from(text, 'utf8')) !== expected) differ.push(JSON.stringify(text));
    }
    expect(differ).toEqual([]);
    expect(refused).toBeGreaterThan(1000); // both answers were exercised
  });

  it('reads ISO-8859-1 bytes the same way (quotes and commas are the same bytes)', () => {
    expect(hasUnclosedQuote(Buffer.from('nombre,contacto\n"PEÑA, ANA",8110000000\n', 'latin1'))).toBe(false);
    expect(hasUnclosedQuote(Buffer.from('nombre,contacto\n"PEÑA, ANA,8110000000\n', 'latin1'))).toBe(true);
  });
});
