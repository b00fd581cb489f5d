import {
  completeness,
  dedupeKey,
  importedPerson,
  normalizePhone,
  searchText,
  searchTerm,
  sortKey,
  splitFullName,
} from '../../api/src/core/people/persona-rules';

/** What the import writes for a row, by the rules one after the other (what importedPerson must equal). */
function byTheRules(raw: string, phone: string) {
  const name = splitFullName(raw);
  if (!name.nombre) return null;
  return {
    ...name,
    telefono_celular: phone,
    search_text: searchText({ ...name, telefono_celular: phone }),
    sort_key: sortKey(name),
    dedupe_key: dedupeKey(name.nombre, name.apellido_paterno, name.apellido_materno, phone),
  };
}

describe('people rules', () => {
  it.each([
    ['María', { nombre: 'MARÍA', apellido_paterno: '', apellido_materno: '' }],
    ['josé garcía', { nombre: 'JOSÉ', apellido_paterno: 'GARCÍA', apellido_materno: '' }],
    ['Ana  Sofía Peña', { nombre: 'ANA', apellido_paterno: 'SOFÍA', apellido_materno: 'PEÑA' }],
    ['Juan Carlos de la Garza Treviño', { nombre: 'JUAN CARLOS', apellido_paterno: 'DE LA GARZA', apellido_materno: 'TREVIÑO' }],
    ['Luis Ángel Del Bosque', { nombre: 'LUIS', apellido_paterno: 'ÁNGEL', apellido_materno: 'DEL BOSQUE' }],
    ['Rosa María Martínez de los Santos', { nombre: 'ROSA MARÍA', apellido_paterno: 'MARTÍNEZ', apellido_materno: 'DE LOS SANTOS' }],
  ])('splits %s', (full, expected) => {
    expect(splitFullName(full)).toEqual(expected);
  });

  it('normalizes phones to 10 digits', () => {
    expect(normalizePhone('(81) 1234-5678')).toBe('8112345678');
    expect(normalizePhone('+52 81 1234 5678')).toBe('8112345678');
    expect(normalizePhone('521 81 1234 5678')).toBe('8112345678');
    expect(normalizePhone('1234')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });

  it('same person = same name (accents and case ignored) and same phone', () => {
    expect(dedupeKey('José', 'García', 'Peña', '8112345678')).toBe(dedupeKey('JOSE', 'GARCIA', 'PENA', '8112345678'));
    expect(dedupeKey('José', 'García', 'Peña', '8112345678')).not.toBe(dedupeKey('José', 'García', 'Peña', '8112345679'));
    expect(dedupeKey('José', 'García', 'Peña', null)).toBeNull();
  });

  it('search text and terms ignore case and accents', () => {
    expect(searchText({ nombre: 'JOSÉ', apellido_paterno: 'PEÑA', correo_electronico: 'JOSE@X.MX', telefono_celular: '8112345678' })).toBe(
      'jose pena jose@x.mx 8112345678',
    );
    expect(searchTerm('  Peña ')).toBe('pena');
  });

  it('completeness: básico, intermedio, completo, with what is missing', () => {
    expect(completeness({ nombre: 'ANA', apellido_paterno: 'GARZA', telefono_celular: '8112345678' })).toEqual({
      level: 'red',
      missing: ['Empresa, puesto o sector'],
    });
    const mid = completeness({ nombre: 'ANA', apellido_paterno: 'GARZA', correo_electronico: 'A@B.MX', empresa_id: 1 });
    expect(mid.level).toBe('orange');
    expect(mid.missing).toContain('Dirección principal');
    expect(
      completeness({
        nombre: 'ANA',
        apellido_paterno: 'GARZA',
        apellido_materno: 'LEAL',
        fecha_nacimiento: '1990-01-01',
        telefono_oficina: '8112345678',
        correo_electronico: 'A@B.MX',
        sector_id: 1,
        empresa_id: 2,
        puesto_id: 3,
        direccion_calle: 'ZARAGOZA',
        direccion_numero: '100',
        direccion_colonia: 'CENTRO',
        direccion_ciudad: 'MONTERREY',
        direccion_estado: 'NUEVO LEÓN',
      }),
    ).toEqual({ level: 'green', missing: [] });
  });

  it('the one-pass rules of the import give exactly what the rules give, character by character', () => {
    const phone = '8112345678';
    const chars: string[] = [];
    for (let c = 0; c <= 0x2ff; c++) chars.push(String.fromCharCode(c));
    chars.push('\u2019', '\u00a0', '\u200b', '\u3000', '\ufeff', 'İ', 'ﬁ', '😀', 'e\u0301', 'n\u0303');
    const shapes = (c: string) => [
      c,
      `ana ${c}`,
      `${c}ana garcía`,
      `josé ${c} de la ${c}garza peña`,
      `de ${c}`,
      `${c} de la`,
      `  ${c}  x  y z `,
      `Ma${c}ría del ${c} Carmen De Los Santos Treviño`,
      `${c}${c} ${c}`,
    ];
    const differ: string[] = [];
    for (const c of chars)
      for (const raw of shapes(c))
        if (JSON.stringify(importedPerson(raw, phone)) !== JSON.stringify(byTheRules(raw, phone))) differ.push(raw);
    expect(differ).toEqual([]);
  });

  it('the one-pass rules of the import agree with the rules on random names', () => {
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const words = [
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
    ];
    const differ: string[] = [];
    for (let i = 0; i < 20000; i++) {
      const n = 1 + Math.floor(rand() * 7);
      const raw = Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]).join(rand() < 0.9 ? ' ' : '  ');
      const phone = rand() < 0.5 ? '8112345678' : '5512345678';
      if (JSON.stringify(importedPerson(raw, phone)) !== JSON.stringify(byTheRules(raw, phone))) differ.push(raw);
    }
    expect(differ).toEqual([]);
  });
});
