import { bearer } from '../setup/bearer';
import type { TestApp } from '../setup/test-app';

export async function createPersona(t: TestApp, token: string, body: Record<string, unknown>) {
  const res = await t.http().post('/api/personas').set(bearer(token)).send(body);
  if (res.status !== 201) throw new Error(`create persona failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.persona as { id: number; completeness_level: string; missing_fields: string[] };
}

export async function addLookup(t: TestApp, token: string, type: string, nombre: string) {
  const res = await t.http().post('/api/personas/lookup-value').set(bearer(token)).send({ type, nombre });
  return res.body.item as { id: number; nombre: string };
}
