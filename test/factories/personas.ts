import type { TestApp } from '../setup/test-app';

export async function createPersona(t: TestApp, token: string, body: Record<string, unknown>) {
  const { persona } = await t.created(token, '/api/personas', body);
  return persona as { id: number; completeness_level: string; missing_fields: string[] };
}

export async function addLookup(t: TestApp, token: string, type: string, nombre: string) {
  const res = await t.as(token).post('/api/personas/lookup-value').send({ type, nombre });
  return res.body.item as { id: number; nombre: string };
}
