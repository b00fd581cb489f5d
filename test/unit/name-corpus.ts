/** Names that exercise the import's people rules (shared by the specs that compare a fast path with the rules). */

/** Every character below U+0300 and a few beyond, each in names of several shapes (particles, spaces, accents). */
export function everyCharacterNames(): string[] {
  const chars: string[] = [];
  for (let c = 0; c <= 0x2ff; c++) chars.push(String.fromCharCode(c));
  chars.push('\u2019', '\u00a0', '\u200b', '\u3000', '\ufeff', 'İ', 'ﬁ', '😀', 'e\u0301', 'n\u0303');
  return chars.flatMap((c) => [
    c,
    `ana ${c}`,
    `${c}ana garcía`,
    `josé ${c} de la ${c}garza peña`,
    `de ${c}`,
    `${c} de la`,
    `  ${c}  x  y z `,
    `Ma${c}ría del ${c} Carmen De Los Santos Treviño`,
    `${c}${c} ${c}`,
  ]);
}

const WORDS = [
  'JOSÉ',
  'maría',
  'Peña',
  'de',
  'LA',
  'del',
  'Los',
  'y',
  'san',
  'Ñandú',
  "o'brien",
  'Mc',
  'ÆLFRIC',
  'Øyvind',
  'straße',
  'ÿves',
  'x.y',
  'a\\b',
  '',
  ' ',
  'Ç',
  'müller',
  'JOÃO',
  'þór',
  '1',
  '-',
  'Santa',
  'dé',
];

/** `count` random names of one to seven of the words above (a fixed seed), each with a 10-digit phone. */
export function randomNames(count: number, seed = 12345): Array<{ raw: string; phone: string }> {
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => {
    const n = 1 + Math.floor(rand() * 7);
    const raw = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(rand() < 0.9 ? ' ' : '  ');
    return { raw, phone: rand() < 0.5 ? '8112345678' : '5512345678' };
  });
}
