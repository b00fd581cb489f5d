/**
 * Pure rules of the people database, shared by the API (forms) and the workers (CSV import).
 * Documented in docs/decisions.md.
 */

export type CompletenessLevel = 'red' | 'orange' | 'green';

/** A character `\s` matches (and `trim` removes): white space or a line terminator. */
function isSpace(c: number): boolean {
  return c <= 0x20
    ? c === 0x20 || (c >= 0x09 && c <= 0x0d)
    : c >= 0xa0 &&
        (c === 0xa0 ||
          c === 0x1680 ||
          (c >= 0x2000 && c <= 0x200a) ||
          c === 0x2028 ||
          c === 0x2029 ||
          c === 0x202f ||
          c === 0x205f ||
          c === 0x3000 ||
          c === 0xfeff);
}

/** `value.replace(/\s+/g, ' ').trim()`, without the regular expression when there is nothing to change. */
function collapseSpaces(value: string): string {
  const n = value.length;
  let afterSpace = true; // a space first would be trimmed
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x20 && !afterSpace) afterSpace = true;
    else if (isSpace(c)) return value.replace(/\s+/g, ' ').trim();
    else afterSpace = false;
  }
  return afterSpace && n > 0 ? value.replace(/\s+/g, ' ').trim() : value;
}

/** Upper case, single spaces, trimmed. */
export function normalizeText(value: string | null | undefined): string {
  return collapseSpaces(value ?? '').toUpperCase();
}

/** The rule itself: canonical decomposition, then the combining diacritical marks removed. */
function foldAccentsSlow(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * Per character below U+0250 (Latin-1 and Latin Extended-A/B), its folded form when that is made only of
 * characters below U+0300 (base letters, no mark left), else null. For a string made only of such
 * characters, folding each one and concatenating is exactly the rule above: their decompositions are a
 * base letter followed by marks of U+0300–U+036F, which the rule removes, so no reordering of marks can
 * change the result. Any other character sends the whole string through the rule itself.
 */
const FOLD_LIMIT = 0x250;
let foldTable: Array<string | null> | null = null;
function buildFoldTable(): Array<string | null> {
  const table: Array<string | null> = [];
  for (let c = 0; c < FOLD_LIMIT; c++) {
    const folded = foldAccentsSlow(String.fromCharCode(c));
    table.push([...folded].every((ch) => ch.charCodeAt(0) < 0x300) ? folded : null);
  }
  return table;
}

/** Without accents or punctuation, for comparing names ("GARCÍA" = "GARCIA", "PEÑA" = "PENA"). */
export function foldAccents(value: string): string {
  const n = value.length;
  let i = 0;
  while (i < n && value.charCodeAt(i) < 0x80) i++;
  if (i === n) return value; // ASCII: nothing to fold
  const table = foldTable ?? (foldTable = buildFoldTable());
  let out = value.slice(0, i);
  let from = i;
  for (; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x80) continue;
    const folded = c < FOLD_LIMIT ? table[c] : null;
    if (folded === null) return foldAccentsSlow(value);
    out += value.slice(from, i) + folded;
    from = i + 1;
  }
  return out + value.slice(from);
}

export function nameKey(nombre: string, paterno: string, materno: string): string {
  return collapseSpaces(onlyKeyCharacters(foldAccents(normalizeText(`${nombre} ${paterno} ${materno}`))));
}

/** `value.replace(/[^A-Z0-9 ]/g, '')`, without the regular expression when there is nothing to remove. */
function onlyKeyCharacters(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (!(c === 0x20 || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39))) return value.replace(/[^A-Z0-9 ]/g, '');
  }
  return value;
}

/**
 * A Mexican phone as its 10 digits: separators removed; a leading country code 52 (or 521 of old
 * mobile dialing), the old mobile prefixes 044 / 045 and the old long-distance 1 dropped.
 * Anything else is not a valid phone (null).
 */
export function normalizePhone(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  if (digits.length === 12 && digits.startsWith('52')) return digits.slice(2);
  if (digits.length === 13 && (digits.startsWith('521') || digits.startsWith('044') || digits.startsWith('045'))) return digits.slice(3);
  return null;
}

/** Same person = same normalized full name and same phone. Null when either is missing. */
export function dedupeKey(nombre: string, paterno: string, materno: string, phone: string | null): string | null {
  const name = nameKey(nombre, paterno, materno);
  return name && phone ? `${name}|${phone}` : null;
}

const PARTICLES = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'Y', 'SAN', 'SANTA', 'VAN', 'VON', 'MC', 'MAC']);

/**
 * Splits a full name into nombre and apellidos: words are grouped so that particles ("DE LA",
 * "DEL", "DE LOS"…) stay with the word after them; the last group is the apellido materno and the
 * one before it the apellido paterno when there are three or more groups; with two groups the
 * second is the apellido paterno; with one, it is the nombre.
 */
export function splitFullName(full: string): { nombre: string; apellido_paterno: string; apellido_materno: string } {
  const words = normalizeText(full).split(' ').filter(Boolean);
  const groups: string[] = [];
  let start = 0; // the first word of the group being built (particles wait for the word after them)
  for (let i = 0; i < words.length; i++) {
    if (!PARTICLES.has(foldAccents(words[i]))) {
      groups.push(i === start ? words[i] : words.slice(start, i + 1).join(' '));
      start = i + 1;
    }
  }
  if (start < words.length) {
    const pending = words.slice(start).join(' ');
    if (groups.length) groups[groups.length - 1] += ` ${pending}`;
    else groups.push(pending);
  }
  if (groups.length === 0) return { nombre: '', apellido_paterno: '', apellido_materno: '' };
  if (groups.length === 1) return { nombre: groups[0], apellido_paterno: '', apellido_materno: '' };
  if (groups.length === 2) return { nombre: groups[0], apellido_paterno: groups[1], apellido_materno: '' };
  return {
    nombre: groups.slice(0, -2).join(' '),
    apellido_paterno: groups[groups.length - 2],
    apellido_materno: groups[groups.length - 1],
  };
}

/** What the search box matches: name, e-mail and phones, lower case and accent-free. */
export function searchText(p: {
  nombre?: string | null;
  apellido_paterno?: string | null;
  apellido_materno?: string | null;
  correo_electronico?: string | null;
  telefono_celular?: string | null;
  telefono_oficina?: string | null;
}): string {
  return collapseSpaces(
    foldAccents(
      [p.nombre, p.apellido_paterno, p.apellido_materno, p.correo_electronico, p.telefono_celular, p.telefono_oficina]
        .filter(Boolean)
        .join(' ')
        .toLowerCase(),
    ),
  );
}

/** The list's order: apellidos then nombre, upper case, accents folded. */
export function sortKey(p: { nombre?: string | null; apellido_paterno?: string | null; apellido_materno?: string | null }): string {
  return foldAccents(normalizeText(`${p.apellido_paterno ?? ''} ${p.apellido_materno ?? ''} ${p.nombre ?? ''}`));
}

/**
 * What a search box entry is compared with: lower case and accent-free; a phone typed as the list shows it
 * ("81 1234 5678", "(81) 1234", "+52 81 1234 5678") becomes its digits, as phones are stored.
 */
export function searchTerm(input: string): string {
  if (/^[\d\s()+.-]+$/.test(input) && /\d/.test(input)) {
    const digits = input.replace(/\D/g, '');
    return normalizePhone(input) ?? (input.trim().startsWith('+52') ? digits.slice(2) : digits);
  }
  return collapseSpaces(foldAccents(input.toLowerCase()));
}

export interface CompletenessInput {
  nombre?: string | null;
  apellido_paterno?: string | null;
  apellido_materno?: string | null;
  fecha_nacimiento?: string | null;
  telefono_celular?: string | null;
  telefono_oficina?: string | null;
  correo_electronico?: string | null;
  sector_id?: number | null;
  empresa_id?: number | null;
  puesto_id?: number | null;
  direccion_calle?: string | null;
  direccion_numero?: string | null;
  direccion_colonia?: string | null;
  direccion_ciudad?: string | null;
  direccion_estado?: string | null;
}

const has = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

/**
 * Completeness (spec 3 §4 leaves the rule to us):
 * - Básico (red): not enough to identify and reach the person in a professional context.
 * - Intermedio (orange): nombre, apellido paterno, a phone or an e-mail, and at least one of
 *   empresa, puesto or sector.
 * - Completo (green): everything of Intermedio plus apellido materno, fecha de nacimiento, a phone,
 *   an e-mail, empresa, puesto, sector and the main address (calle, número, colonia, ciudad, estado).
 * `missing` lists what is still needed for the next level (empty when complete).
 */
export function completeness(p: CompletenessInput): { level: CompletenessLevel; missing: string[] } {
  const phone = has(p.telefono_celular) || has(p.telefono_oficina);
  const intermediate: Array<[string, boolean]> = [
    ['Nombre', has(p.nombre)],
    ['Apellido paterno', has(p.apellido_paterno)],
    ['Teléfono o correo', phone || has(p.correo_electronico)],
    ['Empresa, puesto o sector', has(p.empresa_id) || has(p.puesto_id) || has(p.sector_id)],
  ];
  const missingIntermediate = intermediate.filter(([, ok]) => !ok).map(([label]) => label);
  if (missingIntermediate.length) return { level: 'red', missing: missingIntermediate };
  const complete: Array<[string, boolean]> = [
    ['Apellido materno', has(p.apellido_materno)],
    ['Fecha de nacimiento', has(p.fecha_nacimiento)],
    ['Teléfono', phone],
    ['Correo electrónico', has(p.correo_electronico)],
    ['Sector', has(p.sector_id)],
    ['Empresa', has(p.empresa_id)],
    ['Puesto', has(p.puesto_id)],
    [
      'Dirección principal',
      [p.direccion_calle, p.direccion_numero, p.direccion_colonia, p.direccion_ciudad, p.direccion_estado].every(has),
    ],
  ];
  const missingComplete = complete.filter(([, ok]) => !ok).map(([label]) => label);
  return { level: missingComplete.length ? 'orange' : 'green', missing: missingComplete };
}

/** What an imported CSV row becomes (the columns the import writes besides its own ids). */
export interface ImportedPerson {
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  telefono_celular: string;
  search_text: string;
  sort_key: string;
  /** Null only when the name has no letter or digit left once folded (then nothing to compare). */
  dedupe_key: string | null;
}

/** The general path: the rules above, one after the other. */
function importedPersonSlow(rawName: string, phone: string): ImportedPerson | null {
  const name = splitFullName(rawName);
  if (!name.nombre) return null;
  const { nombre, apellido_paterno, apellido_materno } = name;
  return {
    nombre,
    apellido_paterno,
    apellido_materno,
    telefono_celular: phone,
    search_text: searchText({ nombre, apellido_paterno, apellido_materno, telefono_celular: phone }),
    sort_key: sortKey(name),
    dedupe_key: dedupeKey(nombre, apellido_paterno, apellido_materno, phone),
  };
}

/** `parts.filter(Boolean).join(' ')` for three parts. */
const join3 = (a: string, b: string, c: string) =>
  a ? (b ? (c ? `${a} ${b} ${c}` : `${a} ${b}`) : c ? `${a} ${c}` : a) : b ? (c ? `${b} ${c}` : b) : c;

/** Could this upper-case word be a particle (a cheap look before folding it and asking PARTICLES)? */
function mayBeParticle(word: string): boolean {
  if (word.length > 6) return false; // the longest particle, SANTA, folds from at most 5 characters
  const c = word.charCodeAt(0);
  return c === 0x44 || c === 0x4c || c === 0x59 || c === 0x53 || c === 0x56 || c === 0x4d || c >= 0xc0; // D L Y S V M, or accented
}

/** The words from..to-1 joined by one space. */
function joinWords(words: string[], from: number, to: number): string {
  let out = words[from];
  for (let i = from + 1; i < to; i++) out += ` ${words[i]}`;
  return out;
}

/** ASCII only (nothing to fold)? */
function isAscii(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) >= 0x80) return false;
  return true;
}

/**
 * One CSV row (its raw name and its phone already normalized) as the person the import writes, or null
 * when the name is empty: exactly splitFullName, searchText, sortKey and dedupeKey (test/unit proves it
 * character by character), computed in one pass over the words. The fast path takes names made of
 * printable ASCII and the Latin-1 letters whose upper case, lower case and folded forms are single Latin-1
 * characters (ß, ÿ, control characters and any other character go the general path): for those, folding
 * works character by character, so the rules reduce to joining the words of the upper-cased name and
 * folding the three parts once.
 */
export function importedPerson(rawName: string, phone: string): ImportedPerson | null {
  const n = rawName.length;
  if (n === 0) return null;
  let ascii = true;
  for (let i = 0; i < n; i++) {
    const c = rawName.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) {
      if (c < 0xc0 || c > 0xfe || c === 0xd7 || c === 0xdf || c === 0xf7) return importedPersonSlow(rawName, phone);
      ascii = false;
    }
  }
  const upper = rawName.toUpperCase();
  const split = upper.split(' ');
  // Non-empty words, and where each group ends: a group is a word that is not a particle, with the
  // particles just before it (particles at the end join the last group), as splitFullName groups them.
  let words = split;
  if (upper.includes('  ') || upper.charCodeAt(0) === 0x20 || upper.charCodeAt(upper.length - 1) === 0x20) words = split.filter(Boolean);
  const w = words.length;
  if (w === 0) return null;
  const ends: number[] = [];
  for (let i = 0; i < w; i++) {
    const word = words[i];
    if (!(mayBeParticle(word) && PARTICLES.has(foldAccents(word)))) ends.push(i + 1);
  }
  const g = ends.length;
  if (g === 0) ends.push(w);
  else ends[g - 1] = w;
  const groups = ends.length;
  const cut = groups < 3 ? 1 : groups - 2; // groups before `cut` make the nombre
  const nombre = joinWords(words, 0, ends[cut - 1]);
  const paterno = groups > cut ? joinWords(words, ends[cut - 1], ends[cut]) : '';
  const materno = groups > cut + 1 ? joinWords(words, ends[cut], ends[cut + 1]) : '';
  const fNombre = ascii || isAscii(nombre) ? nombre : foldAccents(nombre);
  const fPaterno = ascii || isAscii(paterno) ? paterno : foldAccents(paterno);
  const fMaterno = ascii || isAscii(materno) ? materno : foldAccents(materno);
  const folded = join3(fNombre, fPaterno, fMaterno);
  const key = collapseSpaces(onlyKeyCharacters(folded));
  return {
    nombre,
    apellido_paterno: paterno,
    apellido_materno: materno,
    telefono_celular: phone,
    search_text: `${folded.toLowerCase()} ${phone}`,
    sort_key: join3(fPaterno, fMaterno, fNombre),
    dedupe_key: key ? `${key}|${phone}` : null,
  };
}
