/**
 * The input rules every request passes before any DTO sees it (docs/decisions.md, "Entrada"): one place,
 * so a new module gets them without writing anything.
 */

/** Deepest nesting of arrays and objects a JSON body may have (our DTOs need 3). */
export const MAX_JSON_DEPTH = 32;

/** A path id or an integer in a query: decimal digits, no sign, no leading zero, no spaces (int4 range checked apart). */
export const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/** Keys that reach object prototypes in JavaScript: refused by name wherever they appear. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** NUL (PostgreSQL refuses it in text) and UTF-16 surrogates without their pair (not valid Unicode). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NOT_ALLOWED = (field: string) => `El campo ${field} no está permitido.`;
export const BAD_TEXT = (field: string) => `El campo ${field} contiene caracteres no permitidos.`;

/** Thrown from the JSON parser's verify hook; the error filter answers it with a 400. */
export class JsonTooDeepError extends Error {
  readonly type = 'entity.too.deep';
  constructor() {
    super('JSON nested too deep');
  }
}

/**
 * Scans the raw JSON bytes (before JSON.parse) and says whether arrays/objects nest deeper than `max`.
 * Brackets inside strings do not count. Linear, no recursion, so thousands of levels cost nothing.
 */
export function jsonNestsDeeperThan(buf: Buffer, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Walks a parsed body, query or route parameter (iteratively, depth already bounded by the parser) and
 * returns field → Spanish messages for forbidden keys and for strings with NUL or lone surrogates.
 */
export function inputProblems(value: unknown, root = ''): Record<string, string[]> | null {
  // No prototype: a field named "__proto__" must become a key of its own, not this object's prototype.
  const errors = Object.create(null) as Record<string, string[]>;
  const stack: Array<[unknown, string, number]> = [[value, root, 0]];
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (BAD_CHARACTERS.test(v)) errors[path || 'valor'] = [BAD_TEXT(path || 'valor')];
      continue;
    }
    if (v === null || typeof v !== 'object' || depth > MAX_JSON_DEPTH) continue;
    if (Buffer.isBuffer(v)) continue;
    for (const key of Object.keys(v)) {
      const child = path ? `${path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) {
        errors[child] = [NOT_ALLOWED(child)];
        continue;
      }
      if (BAD_CHARACTERS.test(key)) {
        errors[path || 'valor'] = [BAD_TEXT(path || 'valor')];
        continue;
      }
      stack.push([(v as Record<string, unknown>)[key], child, depth + 1]);
    }
  }
  return Object.keys(errors).length ? errors : null;
}
