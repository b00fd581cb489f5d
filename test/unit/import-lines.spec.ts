import { ImportLines } from '../../api/src/modules/personas/import/import-lines';
import { importedPerson } from '../../api/src/shared/rules/persona-rules';
import { copyValue } from '../../api/src/modules/personas/import/pg-copy';
import { everyCharacterNames, randomNames } from './name-corpus';

const IMPORT_ID = '5e44ca64-ad35-46eb-984f-b3cac89f0af6';

/** The COPY line of a row, from importedPerson (what ImportLines must write), or null for an empty name. */
function expectedLine(raw: string, phone: string, row: number, createdBy: number | null): string | null {
  const p = importedPerson(raw, phone);
  if (!p) return null;
  const key = p.dedupe_key === null ? '\\N' : copyValue(p.dedupe_key);
  return (
    [p.nombre, p.apellido_paterno, p.apellido_materno, p.telefono_celular, p.search_text, p.sort_key].map(copyValue).join('\t') +
    `\t${key}\t${row}\t${IMPORT_ID}\t${createdBy ?? '\\N'}\n`
  );
}

/** Adds the rows and compares what ImportLines says and writes with what importedPerson gives. */
function compare(rows: Array<{ raw: string; phone: string }>, createdBy: number | null = 7) {
  const lines = new ImportLines(IMPORT_ID, createdBy);
  const seen = new Set<string>();
  const expected: string[] = [];
  const wrongAnswers: string[] = [];
  rows.forEach(({ raw, phone }, i) => {
    const row = i + 2;
    const line = expectedLine(raw, phone, row, createdBy);
    const key = line === null ? null : (importedPerson(raw, phone)!.dedupe_key ?? '\\N');
    const want = line === null ? 'empty' : seen.has(key!) ? 'duplicate' : 'added';
    if (want === 'added') {
      seen.add(key!);
      expected.push(line!);
    }
    const got = lines.add(raw, phone, row);
    if (got !== want) wrongAnswers.push(`${JSON.stringify(raw)}: ${got}, expected ${want}`);
  });
  expect(lines.rows).toBe(expected.length);
  const written = lines.take().toString('utf8');
  return { wrongAnswers, written, expected };
}

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('import lines (the COPY text the import writes)', () => {
  it('writes exactly what importedPerson gives, for every character below U+0300 in names of several shapes', () => {
    // Distinct phones, so that only names without a letter or digit (no same-person key) are duplicates.
    const { wrongAnswers, written, expected } = compare(everyCharacterNames().map((raw, i) => ({ raw, phone: String(8100000000 + i) })));
    expect(wrongAnswers).toEqual([]);
    expect(written.split(/(?<=\n)/).sort(byteOrder)).toEqual(expected.sort(byteOrder));
  });

  it('writes exactly what importedPerson gives for random names, and skips the same person a second time', () => {
    const { wrongAnswers, written, expected } = compare(randomNames(20000, 777), null);
    expect(wrongAnswers).toEqual([]);
    expect(expected.length).toBeLessThan(20000); // the random names repeat: duplicates were exercised
    expect(written.split(/(?<=\n)/).sort(byteOrder)).toEqual(expected.sort(byteOrder));
  });

  it('hands a batch over in the order of the sort key (by its first bytes), file order among equals, and starts again empty', () => {
    const lines = new ImportLines(IMPORT_ID, 1);
    const names = ['Zoe Zamora Zapata', 'ana ábrego', 'Beto Aguilar Zúñiga', 'Ana Abrego Uno', 'Ana Abrego Dos', 'luis de la garza'];
    names.forEach((raw, i) => expect(lines.add(raw, String(8110000000 + i), i + 2)).toBe('added'));
    const sortKeys = lines
      .take()
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => `${l.split('\t')[5]} #${l.split('\t')[7]}`);
    expect(sortKeys).toEqual([
      'ABREGO ANA #3',
      'ABREGO UNO ANA #5',
      'ABREGO DOS ANA #6',
      'AGUILAR ZUNIGA BETO #4',
      'DE LA GARZA LUIS #7',
      'ZAMORA ZAPATA ZOE #2',
    ]);
    expect(lines.rows).toBe(0);
    expect(lines.take().length).toBe(0);
    expect(lines.add('Ana Ábrego', '8110000001', 9)).toBe('duplicate'); // the file's people are remembered across batches
  });

  it('tells every one of 200,000 different people apart (their keys meet in the hash), and knows each one again', () => {
    const lines = new ImportLines(IMPORT_ID, 1);
    const names = ['Ana García', 'Luis Treviño Garza', 'José de la Cruz'];
    let added = 0;
    for (let i = 0; i < 200_000; i++) {
      if (lines.add(names[i % 3], String(8100000000 + i), i + 2) === 'added') added++;
      if (lines.rows >= 5000) lines.take();
    }
    expect(added).toBe(200_000);
    const again = Array.from({ length: 1000 }, (_, k) => lines.add(names[(k * 199) % 3], String(8100000000 + k * 199), 9));
    expect(again.every((r) => r === 'duplicate')).toBe(true);
  });
});
