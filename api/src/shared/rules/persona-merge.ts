import { PERSONA_ALT_ADDRESS, PERSONA_FIELDS, PERSONA_MAIN_ADDRESS, type PersonaField } from '../contracts/personas.contract';

/** A person as a merge reads it: its id and its writable fields. */
export type MergeablePerson = { id: number } & Partial<Record<PersonaField, string | number | null>>;

/** For each field, the id of the person whose value the merged person takes. */
export type MergeChoice = Record<PersonaField, number>;

const filled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

/** How complete a value is: empty 0; otherwise its length without repeated spaces or dots ('J.' < 'JOSÉ'). */
export function valueWeight(v: unknown): number {
  if (!filled(v)) return 0;
  return (
    String(v)
      .replace(/[.\s]+/g, ' ')
      .trim().length + 1
  );
}

/**
 * The preselected choice (and the server's choice for a field a request leaves out): per field, the most complete
 * value (valueWeight), the earliest person in `people` on a tie — the survivor first. The address is chosen as a
 * whole (the person with the most complete main address), so a street never mixes with another person's colony.
 */
export function preselectMerge(people: readonly MergeablePerson[]): MergeChoice {
  const best = (weight: (p: MergeablePerson) => number) => people.reduce((top, p) => (weight(p) > weight(top) ? p : top), people[0]).id;
  const choice = {} as MergeChoice;
  for (const f of PERSONA_FIELDS) choice[f] = best((p) => valueWeight(p[f]));
  const main = best((p) => PERSONA_MAIN_ADDRESS.reduce((n, f) => n + valueWeight(p[f]), 0));
  const alt = best((p) => PERSONA_ALT_ADDRESS.reduce((n, f) => n + valueWeight(p[f]), 0));
  for (const f of PERSONA_MAIN_ADDRESS) choice[f] = main;
  for (const f of PERSONA_ALT_ADDRESS) choice[f] = alt;
  return choice;
}

const addressKey = (p: MergeablePerson | Record<string, unknown>, fields: readonly string[]) =>
  fields
    .map((f) =>
      String((p as Record<string, unknown>)[f] ?? '')
        .trim()
        .toUpperCase(),
    )
    .join('|');

/**
 * The merged person's fields: each chosen person's value. When the result has no alternate address and another of
 * the people has a main address different from the result's, that address is kept as the alternate (the spec's
 * alternate fields): a merge never drops an address.
 */
export function mergedValues(people: readonly MergeablePerson[], choice: MergeChoice): Record<PersonaField, string | number | null> {
  const byId = new Map(people.map((p) => [p.id, p]));
  const out = {} as Record<PersonaField, string | number | null>;
  for (const f of PERSONA_FIELDS) out[f] = byId.get(choice[f])?.[f] ?? null;
  if (PERSONA_ALT_ADDRESS.every((f) => !filled(out[f]))) {
    const kept = addressKey(out, PERSONA_MAIN_ADDRESS);
    const other = people.find((p) => filled(p.direccion_calle) && addressKey(p, PERSONA_MAIN_ADDRESS) !== kept);
    if (other) PERSONA_MAIN_ADDRESS.forEach((f, i) => (out[PERSONA_ALT_ADDRESS[i]] = other[f] ?? null));
  }
  return out;
}
