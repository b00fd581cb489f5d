import {
  blockingKeys,
  compareNames,
  isCandidate,
  nameWords,
  normalizeEmail,
  normalizeMobile,
  phonetic,
  scorePair,
  type DedupePerson,
} from '../../api/src/modules/personas/dedupe/dedupe-rules';
import { DEDUPE_SETTINGS } from '../../api/src/modules/personas/dedupe/dedupe.settings';

const THRESHOLD = DEDUPE_SETTINGS.read({}, {} as never).personasDuplicateMinScore;

/** A person from a full name (as the import stores it: given name first) and optional fields. */
const p = (nombre: string, extra: Partial<DedupePerson> = {}): DedupePerson => ({ nombre, ...extra });

describe('possible duplicates: normalisation', () => {
  it.each([
    ['81 1234 5678', '8112345678'],
    ['(81) 1234-5678', '8112345678'],
    ['+52 81 1234 5678', '8112345678'],
    ['52 8112345678', '8112345678'],
    ['+52 1 81 1234 5678', '8112345678'],
    ['044 81 1234 5678', '8112345678'],
    ['045 (81) 1234 5678', '8112345678'],
    ['1 81 1234 5678', '8112345678'],
    ['1234', null],
    ['', null],
    [null, null],
  ])('mobile %p → %p', (raw, expected) => {
    expect(normalizeMobile(raw)).toBe(expected);
  });

  it('compares e-mails case-insensitively', () => {
    expect(normalizeEmail('  JLGARZA@Monterrey.GOB.MX ')).toBe('jlgarza@monterrey.gob.mx');
    expect(normalizeEmail('')).toBeNull();
  });

  it.each([
    ['JOSÉ LUIS GARZA', ['JOSE', 'LUIS', 'GARZA']],
    ['  josé   luis  garza ', ['JOSE', 'LUIS', 'GARZA']],
    ['J. LUIS GARZA T.', ['J', 'LUIS', 'GARZA', 'T']],
    ['Ma. Guadalupe de la Peña y Treviño', ['MARIA', 'GUADALUPE', 'PENA', 'TREVINO']],
    ['MA GPE. DEL BOSQUE', ['MARIA', 'GUADALUPE', 'BOSQUE']],
    ['Juan-Carlos O’Farrill, Sáenz', ['JUAN', 'CARLOS', 'O', 'FARRILL', 'SAENZ']],
    ['Ángel Núñez de los Santos', ['ANGEL', 'NUNEZ', 'SANTOS']],
  ])('name words of %p', (full, words) => {
    expect(nameWords(full)).toEqual(words);
  });

  it('compares names in any order and field split', () => {
    expect(compareNames(nameWords('GARZA TREVIÑO JOSÉ LUIS'), nameWords('José Luis Garza Treviño'))).toEqual({ kind: 'same', words: 4 });
    expect(compareNames(nameWords('JOSE LUIS GARZA'), nameWords('JOSE ANTONIO GARZA')).kind).toBe('different');
  });
});

const pairsTable: Array<[string, DedupePerson, DedupePerson, string[]]> = [
  ['the same name, accents and case', p('JOSÉ LUIS GARZA TREVIÑO'), p('jose luis garza trevino'), ['mismo nombre']],
  [
    'a missing surname and an office phone vs a mobile',
    p('JOSÉ LUIS GARZA', { telefono_celular: '8112345678' }),
    p('Jose Luis Garza Treviño', { telefono_celular: '+52 1 81 1234 5678' }),
    ['mismo celular', 'nombre incompleto: falta TREVINO'],
  ],
  [
    'initials, same e-mail',
    p('J. LUIS GARZA T.', { correo_electronico: 'JLGARZA@MTY.GOB.MX' }),
    p('José Luis Garza Treviño', { correo_electronico: 'jlgarza@mty.gob.mx' }),
    ['mismo correo', 'inicial: J / JOSE', 'inicial: T / TREVINO'],
  ],
  ['a typo in a surname', p('JOSÉ LUIS GARSA TREVIÑO'), p('JOSÉ LUIS GARZA TREVIÑO'), ['nombre casi igual: GARSA / GARZA']],
  ['Ma. for María', p('MA. GUADALUPE HERNÁNDEZ SOTO'), p('MARÍA GUADALUPE HERNANDEZ SOTO'), ['mismo nombre']],
  ['particles', p('Ana Sofía de la Fuente Villarreal'), p('ANA SOFIA FUENTE VILLARREAL'), ['mismo nombre']],
  [
    'surnames first, same birth date',
    p('RODRÍGUEZ SALINAS MARCO ANTONIO', { fecha_nacimiento: '1971-03-02' }),
    p('Marco Antonio Rodríguez Salinas', { fecha_nacimiento: '1971-03-02' }),
    ['mismo nombre', 'misma fecha de nacimiento'],
  ],
  [
    'typo and a missing second given name, same mobile',
    p('GUILLERMO GONZÁLES CANTÚ', { telefono_celular: '818 555 0101' }),
    p('Guillermo Alberto González Cantú', { telefono_celular: '8185550101' }),
    ['mismo celular', 'nombre casi igual: GONZALES / GONZALEZ', 'nombre incompleto: falta ALBERTO'],
  ],
  [
    'same mobile written 044',
    p('Lorena Chapa Elizondo', { telefono_celular: '044 81 8000 1234' }),
    p('LORENA CHAPA', { telefono_celular: '8180001234' }),
    ['mismo celular', 'nombre incompleto: falta ELIZONDO'],
  ],
];

describe('possible duplicates: the table of pairs', () => {
  it.each(pairsTable)('%s: a candidate, with its reasons', (_label, a, b, reasons) => {
    const s = scorePair(a, b);
    expect(s.reasons).toEqual(reasons);
    expect(isCandidate(s, THRESHOLD)).toBe(true);
    // The score does not depend on which one comes first.
    expect(scorePair(b, a).score).toBe(s.score);
  });

  const nonPairs: Array<[string, DedupePerson, DedupePerson]> = [
    [
      'father and son: same name, different birth dates',
      p('JUAN PÉREZ LÓPEZ', { fecha_nacimiento: '1958-01-20' }),
      p('JUAN PÉREZ LÓPEZ', { fecha_nacimiento: '1986-07-11' }),
    ],
    [
      'father and son sharing the home mobile',
      p('ROBERTO SADA GARZA', { fecha_nacimiento: '1960-05-05', telefono_celular: '8111111111' }),
      p('ROBERTO SADA GARZA', { fecha_nacimiento: '1990-09-09', telefono_celular: '8111111111' }),
    ],
    ['siblings: same surnames, other given names', p('JOSÉ LUIS GARZA TREVIÑO'), p('JOSÉ ANTONIO GARZA TREVIÑO')],
    ['a common short name alone', p('JUAN PÉREZ'), p('JUAN PEREZ')],
    ['only the surnames', p('MARÍA HERNÁNDEZ SOTO'), p('LUCÍA HERNÁNDEZ SOTO')],
    [
      'a shared assistant’s phone, different people',
      p('ALEJANDRO VILLARREAL', { telefono_celular: '8112223333' }),
      p('PATRICIA MONTEMAYOR', { telefono_celular: '8112223333' }),
    ],
    ['initials only', p('J. L. GARZA'), p('JOSE LUIS GARZA')],
    ['a surname one letter apart and another missing', p('ANA RUIZ DÍAZ'), p('ANA RUIZ DÍEZ SALAS')],
  ];

  it.each(nonPairs)('%s: not a candidate', (_label, a, b) => {
    expect(isCandidate(scorePair(a, b), THRESHOLD)).toBe(false);
  });

  it('orders the evidence: contact and name beat name alone', () => {
    const nameOnly = scorePair(p('JOSÉ LUIS GARZA TREVIÑO'), p('JOSE LUIS GARZA TREVINO'));
    const withMobile = scorePair(
      p('JOSÉ LUIS GARZA TREVIÑO', { telefono_celular: '8112345678' }),
      p('JOSE LUIS GARZA TREVINO', { telefono_celular: '8112345678' }),
    );
    expect(withMobile.score).toBeGreaterThan(nameOnly.score);
    expect(withMobile.score).toBeLessThanOrEqual(100);
    expect(withMobile.sameContact).toBe(true);
    expect(nameOnly.sameContact).toBe(false);
  });
});

describe('possible duplicates: blocking keys', () => {
  it.each([
    ['GARZA', 'GARSA'],
    ['VILLARREAL', 'BIYAREAL'],
    ['HERNANDEZ', 'ERNANDES'],
    ['CHAVEZ', 'CHABES'],
    ['QUIROGA', 'KIROGA'],
    ['CECILIA', 'SESILIA'],
    ['GUERRERO', 'GUERERO'],
    ['GERARDO', 'JERARDO'],
  ])('phonetic %s → %s', (word, expected) => {
    expect(phonetic(word)).toBe(expected);
  });

  it('keys are pairs of name words, the mobile and the e-mail', () => {
    expect(blockingKeys(p('J. LUIS GARZA T.', { telefono_celular: '044 81 1234 5678', correo_electronico: 'JL@MTY.MX' }))).toEqual([
      'GARSA LUIS',
      'T:8112345678',
      'E:jl@mty.mx',
    ]);
    expect(blockingKeys(p('José Luis Garza Treviño'))).toEqual([
      'GARSA JOSE',
      'GARSA LUIS',
      'GARSA TREBINO',
      'JOSE LUIS',
      'JOSE TREBINO',
      'LUIS TREBINO',
    ]);
  });

  it('every pair of the table shares a key (the blocking never hides a listed pair)', () => {
    for (const [label, a, b] of pairsTable) {
      const shared = blockingKeys(a).filter((k) => blockingKeys(b).includes(k));
      expect([label, shared.length > 0]).toEqual([label, true]);
    }
  });
});
