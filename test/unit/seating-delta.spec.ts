import type { SeatingAssignment } from '../../api/src/shared/contracts/seating.contract';
import { packPlaced, unpackPlaced } from '../../api/src/shared/rules/seating-delta';

const assignment = (id: number, persona: Partial<SeatingAssignment['persona']>): SeatingAssignment => ({
  id,
  asiento_id: 100 + id,
  persona: {
    id: 200 + id,
    nombre_completo: `PERSONA ${id}`,
    empresa_id: null,
    empresa: null,
    puesto: null,
    sector_id: null,
    sector: null,
    ...persona,
  },
  estado: 'asignado',
  attendance_status: id % 2 ? 'pendiente' : 'confirmado',
  asignacion_masiva_id: 'mass-1',
});

describe('packed mass-assignment deltas', () => {
  const list = [
    assignment(1, { empresa_id: 7, empresa: 'CEMEX', puesto: 'DIRECTORA', sector_id: 3, sector: 'PRIVADO' }),
    assignment(2, { empresa_id: 7, empresa: 'CEMEX', puesto: 'DIRECTORA', sector_id: 3, sector: 'PRIVADO' }),
    assignment(3, {}),
    assignment(4, { empresa_id: 9, empresa: 'FEMSA', puesto: 'ANALISTA' }),
  ];

  it('unpacks to the same assignments, nulls included', () => {
    expect(unpackPlaced(packPlaced(list), 'mass-1')).toEqual(list);
  });

  it('writes each empresa, puesto and sector name once', () => {
    const packed = packPlaced(list);
    expect(packed.empresas).toEqual([
      [7, 'CEMEX'],
      [9, 'FEMSA'],
    ]);
    expect(packed.puestos).toEqual(['DIRECTORA', 'ANALISTA']);
    expect(packed.sectores).toEqual([[3, 'PRIVADO']]);
    expect(packed.rows[2]).toEqual([3, 103, 203, 'pendiente', 'PERSONA 3', -1, -1, -1]);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(list).length / 2);
  });
});
