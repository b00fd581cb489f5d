import type { DataSource } from 'typeorm';
import { APELLIDOS, CALLES, CIUDADES, COLONIAS, NOMBRES } from '@core/database/demo-data';
import type { DemoSeeder } from '@core/database/seed-runner';
import { completeness, dedupeKey, searchText, sortKey } from '@shared/rules/persona-rules';

const CATALOGUES: Record<string, string[]> = {
  profesiones: [
    'LICENCIADO EN ADMINISTRACIÓN',
    'INGENIERO INDUSTRIAL',
    'CONTADOR PÚBLICO',
    'ABOGADO',
    'MÉDICO CIRUJANO',
    'ARQUITECTA',
    'INGENIERA EN SISTEMAS',
    'PSICÓLOGA',
  ],
  sectores: ['INDUSTRIA', 'COMERCIO', 'GOBIERNO', 'EDUCACIÓN', 'SALUD', 'SERVICIOS', 'TECNOLOGÍA', 'CONSTRUCCIÓN'],
  empresas: [
    'CEMEX',
    'FEMSA',
    'ALFA',
    'TERNIUM',
    'BANORTE',
    'ARCA CONTINENTAL',
    'VITRO',
    'GRUMA',
    'UANL',
    'TEC DE MONTERREY',
    'CANACO MONTERREY',
    'CAINTRA NUEVO LEÓN',
  ],
  puestos: [
    'DIRECTOR GENERAL',
    'GERENTE DE OPERACIONES',
    'COORDINADORA DE VINCULACIÓN',
    'ANALISTA',
    'JEFE DE COMPRAS',
    'PRESIDENTA',
    'RECTOR',
    'SUBDIRECTORA',
  ],
  zonas: ['NORTE', 'SUR', 'CENTRO', 'PONIENTE', 'ORIENTE'],
};
const DEMO_PEOPLE = 300;

async function catalogueIds(ds: DataSource, table: string, names: string[]): Promise<number[]> {
  for (const nombre of names) await ds.query(`INSERT INTO ${table} (nombre) VALUES ($1) ON CONFLICT (nombre) DO NOTHING`, [nombre]);
  const rows: Array<{ id: number }> = await ds.query(`SELECT id FROM ${table} WHERE nombre = ANY($1) ORDER BY id`, [names]);
  return rows.map((r) => r.id);
}

/** A few hundred people at every completeness level (about a third each). */
async function seedPeople(ds: DataSource): Promise<number> {
  const ids: Record<string, number[]> = {};
  for (const [table, names] of Object.entries(CATALOGUES)) ids[table] = await catalogueIds(ds, table, names);
  let created = 0;
  for (let i = 0; i < DEMO_PEOPLE; i++) {
    const level = i % 3; // 0 básico, 1 intermedio, 2 completo
    // Each block of 16 shifts the surnames, so names do not repeat every 16 people (the list is sorted by
    // surname: with a 16-person cycle its first page showed one name ten times).
    const block = Math.floor(i / NOMBRES.length);
    const nombre = NOMBRES[i % NOMBRES.length];
    const paterno = APELLIDOS[(i * 7 + 3 + block) % APELLIDOS.length];
    const materno = APELLIDOS[(i * 11 + 5 + block * 3) % APELLIDOS.length];
    const cel = String(8180000000 + i * 104729);
    const p: Record<string, string | number | null> = {
      nombre,
      apellido_paterno: paterno,
      apellido_materno: level === 0 && i % 2 ? '' : materno,
      telefono_celular: cel,
      correo_electronico:
        level === 0
          ? null
          : `${nombre.split(' ')[0]}.${paterno.split(' ').pop()}${i}@correo.mx`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
      empresa_id: level === 0 ? null : ids.empresas[i % ids.empresas.length],
      sector_id: level === 0 ? null : ids.sectores[i % ids.sectores.length],
      puesto_id: level === 2 ? ids.puestos[i % ids.puestos.length] : null,
      profesion_id: level === 0 ? null : ids.profesiones[i % ids.profesiones.length],
      fecha_nacimiento:
        level === 2 ? `${1955 + (i % 45)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}` : null,
      direccion_calle: level === 2 ? CALLES[i % CALLES.length] : null,
      direccion_numero: level === 2 ? String(100 + ((i * 37) % 2900)) : null,
      direccion_colonia: level === 2 ? COLONIAS[i % COLONIAS.length] : null,
      direccion_ciudad: level === 2 ? CIUDADES[i % CIUDADES.length] : null,
      direccion_estado: level === 2 ? 'NUEVO LEÓN' : null,
      zona_id: ids.zonas[i % ids.zonas.length],
      invita: i % 4 === 0 ? 'OFICINA DE LA PRESIDENCIA MUNICIPAL' : null,
    };
    if (p.correo_electronico) p.correo_electronico = String(p.correo_electronico).toUpperCase();
    const fields = Object.keys(p);
    const values = fields.map((f) => p[f]);
    const inserted = await ds.query(
      `INSERT INTO personas (${fields.join(', ')}, completeness_level, search_text, sort_key, dedupe_key)
       VALUES (${fields.map((_, n) => `$${n + 1}`).join(', ')}, $${fields.length + 1}, $${fields.length + 2}, $${fields.length + 3}, $${fields.length + 4})
       ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING RETURNING id`,
      [
        ...values,
        completeness(p).level,
        searchText(p),
        sortKey(p as { nombre: string; apellido_paterno: string; apellido_materno: string }),
        dedupeKey(nombre, paterno, String(p.apellido_materno), cel),
      ],
    );
    created += inserted.length;
  }
  return created;
}

export const personasSeeder: DemoSeeder = {
  area: 'personas',
  seed: async (ds) => `${await seedPeople(ds)} personas nuevas`,
};
