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

describe('the import reader (why no library replaces it: bench/csv-parsers.mjs)', () => {
  const read = (text: string) => [...parseCsv(text)].map((r) => r.fields);

  it.each([
    [
      'mixed line endings',
      'nombre,contacto\r\nANA,811\rLUIS,812\nEVA,813\n',
      [
        ['nombre', 'contacto'],
        ['ANA', '811'],
        ['LUIS', '812'],
        ['EVA', '813'],
      ],
    ],
    [
      'a quote inside a plain field',
      'nombre,contacto\nPEÑA "LA JEFA" ANA,811\n',
      [
        ['nombre', 'contacto'],
        ['PEÑA "LA JEFA" ANA', '811'],
      ],
    ],
    [
      'a quoted name followed by text (kept whole, quotes included)',
      'nombre,contacto\n"ANA" JR,811\n',
      [
        ['nombre', 'contacto'],
        ['"ANA" JR', '811'],
      ],
    ],
    ['a row with fewer columns', 'nombre,contacto\nANA\n,812\n', [['nombre', 'contacto'], ['ANA'], ['', '812']]],
    [
      'a line break inside quotes (kept as written)',
      'nombre,contacto\n"PRIMERA\r\nSEGUNDA",811\n',
      [
        ['nombre', 'contacto'],
        ['PRIMERA\r\nSEGUNDA', '811'],
      ],
    ],
    [
      'byte-order mark and empty lines',
      '\uFEFFnombre,contacto\n\nANA,811\n\n',
      [
        ['nombre', 'contacto'],
        ['ANA', '811'],
      ],
    ],
    [
      'a doubled quote inside quotes',
      'nombre,contacto\n"PEÑA, ""JR""",811',
      [
        ['nombre', 'contacto'],
        ['PEÑA, "JR"', '811'],
      ],
    ],
  ])('%s', (_case, text, records) => {
    expect(read(text)).toEqual(records);
  });

  it('gives each record the offset just past it (the import reports progress from it)', () => {
    const text = 'nombre,contacto\r\nANA,811\nLUIS,812';
    expect([...parseCsv(text)].map((r) => r.end)).toEqual([17, 25, text.length]);
  });
});
