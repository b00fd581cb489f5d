import {
  completeness,
  dedupeKey,
  importedPerson,
  normalizePhone,
  searchText,
  searchTerm,
  sortKey,
  splitFullName,
} from '../../api/src/shared/rules/persona-rules';
import { defaultCiudad } from '../../api/src/modules/personas/personas.service';
import { everyCharacterNames, randomNames } from './name-corpus';

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

  it('a phone typed as the list shows it is searched by its digits', () => {
    expect(searchTerm('81 1234 5678')).toBe('8112345678');
    expect(searchTerm('(81) 1234')).toBe('811234');
    expect(searchTerm('81-1234')).toBe('811234');
    expect(searchTerm('+52 81 1234 5678')).toBe('8112345678');
    expect(searchTerm('+52 81')).toBe('81');
    expect(searchTerm('2024')).toBe('2024');
    expect(searchTerm('Calle 5 de Mayo')).toBe('calle 5 de mayo');
  });

  it('the configured municipality becomes the default city as the list spells it, or no default', () => {
    expect(defaultCiudad('Monterrey')).toBe('MONTERREY');
    expect(defaultCiudad('Garcia')).toBe('GARCÍA');
    expect(defaultCiudad('San Nicolás')).toBe('SAN NICOLÁS DE LOS GARZA');
    expect(defaultCiudad('escobedo')).toBe('GENERAL ESCOBEDO');
    expect(defaultCiudad('Garza')).toBe(''); // two municipalities hold it
    expect(defaultCiudad('Guadalajara')).toBe('');
  });

  it('a phone pasted with the country code in the form is read as its 10 digits', () => {
    expect(normalizePhone('+52 81 1234 5678')).toBe('8112345678');
    expect(normalizePhone('+52 1 81 1234 5678')).toBe('8112345678');
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
    const differ = everyCharacterNames().filter(
      (raw) => JSON.stringify(importedPerson(raw, phone)) !== JSON.stringify(byTheRules(raw, phone)),
    );
    expect(differ).toEqual([]);
  });

  it('the one-pass rules of the import agree with the rules on random names', () => {
    const differ = randomNames(20000).filter(
      ({ raw, phone }) => JSON.stringify(importedPerson(raw, phone)) !== JSON.stringify(byTheRules(raw, phone)),
    );
    expect(differ).toEqual([]);
  });
});
