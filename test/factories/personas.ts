import type { DuplicatesPage } from '../../api/src/shared/contracts/personas.contract';
import type { TestApp } from '../setup/test-app';

export async function createPersona(t: TestApp, token: string, body: Record<string, unknown>) {
  const { persona } = await t.created(token, '/api/personas', body);
  return persona as { id: number; completeness_level: string; missing_fields: string[] };
}

export async function addLookup(t: TestApp, token: string, type: string, nombre: string) {
  const res = await t.as(token).post('/api/personas/lookup-value').send({ type, nombre });
  return res.body.item as { id: number; nombre: string };
}

/** One page of `GET /api/personas/duplicados` (asserting a 200). */
export async function listDuplicates(t: TestApp, token: string, page = 1): Promise<DuplicatesPage> {
  const res = await t.as(token).get(`/api/personas/duplicados?page=${page}`);
  expect(res.status).toBe(200);
  return res.body as DuplicatesPage;
}

/** The pair of these two people on a page of possible duplicates, if it is there. */
export const duplicatePairOf = (page: DuplicatesPage, a: number, b: number) =>
  page.data.find((p) => p.personas[0].id === Math.min(a, b) && p.personas[1].id === Math.max(a, b));

/** A person by their names ('José Luis', 'Garza', and the mother's surname when they have one given), with any other fields. */
export function createNamedPersona(
  t: TestApp,
  token: string,
  [nombre, apellido_paterno, apellido_materno]: readonly [string, string, string?],
  more: Record<string, unknown> = {},
) {
  return createPersona(t, token, { nombre, apellido_paterno, ...(apellido_materno === undefined ? {} : { apellido_materno }), ...more });
}
