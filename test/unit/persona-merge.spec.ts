import { mergedValues, preselectMerge, valueWeight } from '../../api/src/shared/rules/persona-merge';

/** The merge's field rule (shared by the server's defaults and the web's preselection). */
describe('persona merge: the most complete value, addresses whole, none lost', () => {
  const jose = {
    id: 1,
    nombre: 'JOSÉ LUIS',
    apellido_paterno: 'GARZA',
    apellido_materno: 'T.',
    telefono_celular: '8112345678',
    correo_electronico: null,
    direccion_calle: 'AV. CONSTITUCIÓN',
    direccion_numero: '400',
    direccion_colonia: 'CENTRO',
    direccion_ciudad: 'MONTERREY',
    direccion_estado: 'NUEVO LEÓN',
  };
  const jl = {
    id: 2,
    nombre: 'J. LUIS',
    apellido_paterno: 'GARZA',
    apellido_materno: 'TREVIÑO',
    telefono_celular: null,
    correo_electronico: 'JLGARZA@MTY.GOB.MX',
    direccion_calle: 'ZARAGOZA',
    direccion_numero: '1000',
    direccion_colonia: '',
    direccion_ciudad: 'MONTERREY',
    direccion_estado: 'NUEVO LEÓN',
  };

  it('weighs values: empty nothing, an initial less than the word', () => {
    expect(valueWeight(null)).toBe(0);
    expect(valueWeight('  ')).toBe(0);
    expect(valueWeight('J.')).toBeLessThan(valueWeight('JOSÉ'));
    expect(valueWeight('MA.')).toBeLessThan(valueWeight('MARÍA'));
  });

  it('preselects per field the most complete value, the survivor on a tie, the address as a whole', () => {
    const choice = preselectMerge([jose, jl]);
    expect(choice.nombre).toBe(1); // JOSÉ LUIS over J. LUIS
    expect(choice.apellido_materno).toBe(2); // TREVIÑO over T.
    expect(choice.apellido_paterno).toBe(1); // a tie: the survivor
    expect(choice.telefono_celular).toBe(1);
    expect(choice.correo_electronico).toBe(2);
    // Jose's address is the fuller one: every field of it, never Zaragoza's number with Centro's colony.
    expect([choice.direccion_calle, choice.direccion_numero, choice.direccion_colonia, choice.direccion_ciudad]).toEqual([1, 1, 1, 1]);
  });

  it("keeps the other main address as the alternate one when the result has none, and takes each chosen person's value", () => {
    const values = mergedValues([jose, jl], preselectMerge([jose, jl]));
    expect(values).toMatchObject({
      nombre: 'JOSÉ LUIS',
      apellido_materno: 'TREVIÑO',
      correo_electronico: 'JLGARZA@MTY.GOB.MX',
      telefono_celular: '8112345678',
      direccion_calle: 'AV. CONSTITUCIÓN',
      direccion_alterna_calle: 'ZARAGOZA',
      direccion_alterna_numero: '1000',
      direccion_alterna_ciudad: 'MONTERREY',
    });
    // The same address twice is not an alternate.
    const same = mergedValues(
      [jose, { ...jl, direccion_calle: 'av. constitución ', direccion_numero: '400', direccion_colonia: 'CENTRO' }],
      preselectMerge([jose, jl]),
    );
    expect(same.direccion_alterna_calle).toBeNull();
  });
});
