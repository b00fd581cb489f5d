import { isUUID } from 'class-validator';
import { copyValue } from './pg-copy';
import { importedPerson, type ImportedPerson } from '@shared/rules/persona-rules';

/** The columns of `personas` a line of ImportLines holds, in order. */
export const IMPORT_LINE_COLUMNS =
  'nombre, apellido_paterno, apellido_materno, telefono_celular, search_text, sort_key, dedupe_key, import_row, import_id, created_by';

const SPACE = 0x20;
const TAB = 0x09;
const PIPE = 0x7c;

/** Most words a name can have on the fast path (longer names take the general one). */
const MAX_WORDS = 32;

/**
 * Per character below U+0100 on the fast path (printable ASCII, and the Latin-1 letters whose upper case,
 * lower case and folded forms are single Latin-1 characters): its upper case, and the folded form of that
 * upper case (accents removed, as foldAccents does). 0 marks a character the fast path leaves to the general
 * one (controls, the backslash COPY would escape, other Latin-1 symbols, ×, ß, ÷, ÿ).
 */
const UPPER = new Uint16Array(0x100);
const FOLDED = new Uint16Array(0x100);
for (let c = 0x20; c <= 0x7e; c++) {
  if (c === 0x5c) continue;
  UPPER[c] = c >= 0x61 && c <= 0x7a ? c - 0x20 : c;
  FOLDED[c] = UPPER[c];
}
for (let c = 0xc0; c <= 0xfe; c++) {
  if (c === 0xd7 || c === 0xdf || c === 0xf7) continue;
  UPPER[c] = c >= 0xe0 ? c - 0x20 : c;
  FOLDED[c] = String.fromCharCode(UPPER[c]).normalize('NFD').charCodeAt(0); // À→A, Ñ→N; Æ, Ð, Ø, Þ stay
}
/** Lower case of a folded upper-case character (A-Z and Æ Ð Ø Þ; anything else is its own). */
const lower = (c: number) => ((c >= 0x41 && c <= 0x5a) || (c >= 0xc0 && c <= 0xde) ? c + 0x20 : c);
/** A character the same-person key keeps (A-Z, 0-9). */
const keyChar = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);

/**
 * The folded upper-case spelling of every particle (as splitFullName's PARTICLES), as the numbers their
 * characters make (at most five characters, each below 0x100: 40 bits).
 */
const PARTICLE_CODES = new Set(
  ['DE', 'DEL', 'LA', 'LAS', 'LOS', 'Y', 'SAN', 'SANTA', 'VAN', 'VON', 'MC', 'MAC'].map((p) => code(p, 0, p.length)),
);
function code(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 256 + s.charCodeAt(i);
  return n;
}

/**
 * The people of an import file on their way to `personas`, as COPY text lines (one per person not seen
 * earlier in the file), in batches ordered by the list's order key (see take).
 *
 * The lines are exactly `importedPerson` written in COPY text format (test/unit proves it on every character
 * below U+0300 and on random names). Names made only of printable ASCII and the Latin-1 letters (nearly every
 * name in a Mexican file) are written straight into the batch buffer, character by character, with no
 * intermediate strings; any other name goes through importedPerson itself.
 */
export class ImportLines {
  private readonly tail: Buffer;
  /** Same-person keys of the file so far (the first row of each person is kept; later ones are duplicates). */
  private readonly seen = new KeySet();
  private buf = Buffer.allocUnsafe(1 << 20);
  private at = 0;
  /** Where each line of the batch starts, and the first characters of its sort key. */
  private starts = new Int32Array(1024);
  private prefixes = new Float64Array(1024);
  private count = 0;
  private readonly words = new Int32Array(MAX_WORDS * 2);
  private readonly ends = new Int32Array(MAX_WORDS);

  constructor(importId: string, createdBy: number | null) {
    if (!isUUID(importId)) throw new Error(`Invalid import id ${importId}`);
    this.tail = Buffer.from(`\t${importId}\t${createdBy === null ? '\\N' : String(Math.trunc(createdBy))}\n`);
  }

  /** Lines in the current batch. */
  get rows(): number {
    return this.count;
  }

  /**
   * One CSV row (its raw name, its phone already normalized, its spreadsheet row number): 'added', a
   * 'duplicate' of a person earlier in the file, or 'empty' when the name is.
   */
  add(rawName: string, phone: string, row: number): 'added' | 'duplicate' | 'empty' {
    this.reserve(rawName.length * 12 + phone.length * 3 + this.tail.length + 32);
    const start = this.at;
    const written = this.writeFast(rawName, phone, row);
    if (written !== 'general') return written;
    const person = importedPerson(rawName, phone);
    if (!person) return 'empty';
    return this.writeGeneral(person, row, start);
  }

  /**
   * The batch's lines in one buffer, ordered by the first characters of their sort key (so PostgreSQL inserts
   * neighbouring entries of the list's index one after the other, on pages it just touched, instead of all
   * over the index; ties keep the file's order); the next batch starts empty.
   */
  take(): Buffer {
    const n = this.count;
    const out = Buffer.allocUnsafe(this.at);
    this.starts[n] = this.at;
    const order = new Float64Array(n);
    for (let i = 0; i < n; i++) order[i] = this.prefixes[i] * 65536 + i; // a 37-bit prefix and a 16-bit index: exact in a double
    if (n < 65536) order.sort();
    let to = 0;
    for (let k = 0; k < n; k++) {
      const i = n < 65536 ? order[k] % 65536 : k;
      to += this.buf.copy(out, to, this.starts[i], this.starts[i + 1]);
    }
    this.at = 0;
    this.count = 0;
    return out;
  }

  /** Records a line written at start (its sort key at sortAt). */
  private push(start: number, sortAt: number): void {
    if (this.count + 1 >= this.starts.length) {
      const starts = new Int32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
      const prefixes = new Float64Array(this.prefixes.length * 2);
      prefixes.set(this.prefixes);
      this.prefixes = prefixes;
    }
    const b = this.buf;
    let p = 0;
    // The sort key's first bytes, up to its end (a tab); 37 bits: 4 bytes and the top 5 bits of the fifth.
    for (let i = 0, at = sortAt; i < 5; i++) {
      const byte = b[at] === TAB ? 0 : b[at++];
      p = i < 4 ? p * 256 + byte : p * 32 + (byte >> 3);
    }
    this.starts[this.count] = start;
    this.prefixes[this.count] = p;
    this.count++;
  }

  private reserve(bytes: number): void {
    if (this.at + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + bytes));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }

  /** A general-path person, as importedPerson gives it, written as a COPY line unless seen earlier in the file. */
  private writeGeneral(p: ImportedPerson, row: number, start: number): 'added' | 'duplicate' {
    const sort = copyValue(p.sort_key);
    const head = `${copyValue(p.nombre)}\t${copyValue(p.apellido_paterno)}\t${copyValue(p.apellido_materno)}\t${copyValue(p.telefono_celular)}\t${copyValue(p.search_text)}\t${sort}\t`;
    const key = p.dedupe_key === null ? '\\N' : copyValue(p.dedupe_key);
    this.reserve((head.length + key.length) * 3 + 16 + this.tail.length);
    const b = this.buf;
    let at = this.at + b.write(head, this.at);
    const sortAt = at - 1 - Buffer.byteLength(sort);
    const keyAt = at;
    at += b.write(key, at);
    return this.finish(keyAt, at, row, start, sortAt);
  }

  /**
   * The fast path: importedPerson's rules for a name of printable ASCII and Latin-1 letters, written straight
   * into the buffer. Returns 'general' (nothing written) for any other name.
   */
  private writeFast(raw: string, phone: string, row: number): 'added' | 'duplicate' | 'empty' | 'general' {
    const n = raw.length;
    const words = this.words;
    let w = 0;
    let wordStart = -1;
    for (let i = 0; i < n; i++) {
      const c = raw.charCodeAt(i);
      if (c === SPACE) {
        if (wordStart >= 0) {
          if (w === MAX_WORDS) return 'general';
          words[2 * w] = wordStart;
          words[2 * w + 1] = i;
          w++;
          wordStart = -1;
        }
      } else {
        if (c > 0xff || UPPER[c] === 0) return 'general';
        if (wordStart < 0) wordStart = i;
      }
    }
    if (wordStart >= 0) {
      if (w === MAX_WORDS) return 'general';
      words[2 * w] = wordStart;
      words[2 * w + 1] = n;
      w++;
    }
    if (w === 0) return 'empty';

    // Groups as splitFullName makes them: a word that is not a particle ends one (particles go with the
    // word after them; particles at the end join the last group).
    const ends = this.ends;
    let g = 0;
    for (let k = 0; k < w; k++) if (!this.isParticle(raw, words[2 * k], words[2 * k + 1])) ends[g++] = k + 1;
    if (g === 0) ends[g++] = w;
    else ends[g - 1] = w;
    const cut = g < 3 ? 1 : g - 2; // groups before `cut` make the nombre
    const nombreEnd = ends[cut - 1];
    const paternoEnd = g > cut ? ends[cut] : nombreEnd;
    const maternoEnd = g > cut + 1 ? ends[cut + 1] : paternoEnd;

    const start = this.at;
    const b = this.buf;
    let at = start;
    // nombre, apellido paterno, apellido materno: upper case, single spaces.
    at = this.writeWords(raw, 0, nombreEnd, at, UPPER);
    b[at++] = TAB;
    at = this.writeWords(raw, nombreEnd, paternoEnd, at, UPPER);
    b[at++] = TAB;
    at = this.writeWords(raw, paternoEnd, maternoEnd, at, UPPER);
    b[at++] = TAB;
    at = ascii(b, at, phone);
    b[at++] = TAB;
    // search_text: the folded name in lower case, then the phone.
    for (let k = 0; k < w; k++) {
      if (k > 0) b[at++] = SPACE;
      for (let i = words[2 * k]; i < words[2 * k + 1]; i++) at = put(b, at, lower(FOLDED[raw.charCodeAt(i)]));
    }
    b[at++] = SPACE;
    at = ascii(b, at, phone);
    b[at++] = TAB;
    // sort_key: apellidos then nombre, folded.
    const sortAt = at;
    at = this.writeWords(raw, nombreEnd, paternoEnd, at, FOLDED);
    if (maternoEnd > paternoEnd) {
      if (at > sortAt) b[at++] = SPACE;
      at = this.writeWords(raw, paternoEnd, maternoEnd, at, FOLDED);
    }
    if (at > sortAt) b[at++] = SPACE;
    at = this.writeWords(raw, 0, nombreEnd, at, FOLDED);
    b[at++] = TAB;
    // dedupe_key: the folded name with only A-Z, 0-9 and single spaces, then |phone (\N without a letter or digit).
    const keyAt = at;
    let space = false;
    for (let k = 0; k < w; k++) {
      if (k > 0) space = at > keyAt;
      for (let i = words[2 * k]; i < words[2 * k + 1]; i++) {
        const c = FOLDED[raw.charCodeAt(i)];
        if (!keyChar(c)) continue;
        if (space) {
          b[at++] = SPACE;
          space = false;
        }
        b[at++] = c;
      }
    }
    if (at === keyAt) {
      b[at++] = 0x5c; // \N
      b[at++] = 0x4e;
    } else {
      b[at++] = PIPE;
      at = ascii(b, at, phone);
    }
    return this.finish(keyAt, at, row, start, sortAt);
  }

  /**
   * Ends the line written from `start` up to its same-person key (keyAt..at): kept with its row number and
   * the import's columns, unless that person came earlier in the file (then nothing is kept: the next line
   * overwrites it).
   */
  private finish(keyAt: number, at: number, row: number, start: number, sortAt: number): 'added' | 'duplicate' {
    const b = this.buf;
    if (!this.seen.add(b, keyAt, at)) return 'duplicate';
    b[at++] = TAB;
    at = ascii(b, at, String(row));
    at += this.tail.copy(b, at);
    this.at = at;
    this.push(start, sortAt);
    return 'added';
  }

  /** The words from..to-1, transformed character by character through `table`, one space apart (UTF-8). */
  private writeWords(raw: string, from: number, to: number, at: number, table: Uint16Array): number {
    const b = this.buf;
    const words = this.words;
    for (let k = from; k < to; k++) {
      if (k > from) b[at++] = SPACE;
      for (let i = words[2 * k]; i < words[2 * k + 1]; i++) at = put(b, at, table[raw.charCodeAt(i)]);
    }
    return at;
  }

  /** Is raw[from, to) a particle once upper-cased and folded? */
  private isParticle(raw: string, from: number, to: number): boolean {
    if (to - from > 5) return false;
    let n = 0;
    for (let i = from; i < to; i++) n = n * 256 + FOLDED[raw.charCodeAt(i)];
    return PARTICLE_CODES.has(n);
  }
}

/**
 * A set of byte strings (the same-person keys as written in the lines; \N for a person without one):
 * open addressing on a 32-bit FNV-1a hash, the keys themselves kept in one growing buffer and compared
 * byte by byte when hashes meet, so membership is exact, with no string made per row.
 */
class KeySet {
  /** Per slot: the key's hash, and 1 + its offset in `keys` (0: empty). */
  private slots = new Int32Array(1 << 16);
  private keys = Buffer.allocUnsafe(1 << 20);
  private keysAt = 0;
  private size = 0;

  /** Adds src[from, to); false when it was already there. */
  add(src: Uint8Array, from: number, to: number): boolean {
    let h = 0x811c9dc5;
    for (let i = from; i < to; i++) h = Math.imul(h ^ src[i], 0x01000193);
    const mask = (this.slots.length >> 1) - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const at = this.slots[2 * slot + 1];
      if (at === 0) break;
      if (this.slots[2 * slot] === h && this.equals(at - 1, src, from, to)) return false;
    }
    const len = to - from;
    if (this.keysAt + len + 2 > this.keys.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.keys.length * 2, this.keysAt + len + 2));
      this.keys.copy(bigger, 0, 0, this.keysAt);
      this.keys = bigger;
    }
    const offset = this.keysAt;
    this.keys.writeUInt16LE(len, offset);
    this.keys.set(src.subarray(from, to), offset + 2);
    this.keysAt += len + 2;
    this.insert(h, offset);
    if (++this.size * 2 > mask + 1) this.grow();
    return true;
  }

  private equals(offset: number, src: Uint8Array, from: number, to: number): boolean {
    const k = this.keys;
    if (k.readUInt16LE(offset) !== to - from) return false;
    for (let i = from, j = offset + 2; i < to; i++, j++) if (k[j] !== src[i]) return false;
    return true;
  }

  private insert(h: number, offset: number): void {
    const mask = (this.slots.length >> 1) - 1;
    let slot = h & mask;
    while (this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    this.slots[2 * slot] = h;
    this.slots[2 * slot + 1] = offset + 1;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    for (let s = 0; s < old.length; s += 2) if (old[s + 1] !== 0) this.insert(old[s], old[s + 1] - 1);
  }
}

/** Writes an ASCII string (a phone, a number). */
function ascii(b: Buffer, at: number, s: string): number {
  for (let i = 0; i < s.length; i++) b[at++] = s.charCodeAt(i);
  return at;
}

/** Writes a character below U+0100 as UTF-8. */
function put(b: Buffer, at: number, c: number): number {
  if (c < 0x80) {
    b[at] = c;
    return at + 1;
  }
  b[at] = 0xc0 | (c >> 6);
  b[at + 1] = 0x80 | (c & 0x3f);
  return at + 2;
}
