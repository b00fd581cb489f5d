import { distance } from 'fastest-levenshtein';
import { foldAccents, normalizePhone } from '@shared/rules/persona-rules';
import { fullName } from '@core/format/person-names';

/**
 * Possible duplicates in the people database: how two records are compared, the score of a pair and
 * the reasons a staff member reads. Pure: the API lists pairs with it, the import sorts its rows with it, and
 * test/unit/persona-dedupe.spec.ts holds the table of pairs and non-pairs. The rules and their weights are written
 * down in docs/decisions/personas.md ("Posibles duplicados").
 */

/** What is compared of a person (the stored fields; a CSV row has only the name and the phone). */
export interface DedupePerson {
  id?: number;
  nombre: string | null;
  apellido_paterno?: string | null;
  apellido_materno?: string | null;
  fecha_nacimiento?: string | null;
  telefono_celular?: string | null;
  correo_electronico?: string | null;
}

/** Points of each rule; a pair at or above the score setting (DEDUPE_SETTINGS) is a possible duplicate. */
export const DEDUPE_POINTS = {
  sameMobile: 45,
  sameEmail: 45,
  sameBirthDate: 20,
  /** The same full name once normalised, with at least three words (given name and both surnames). */
  sameName: 60,
  /** The same full name of only one or two words (common: 'JUAN PÉREZ'). */
  sameShortName: 40,
  /** Every word of the shorter name found in the other, with at least three whole words. */
  compatibleName: 55,
  /** The same, with only two whole words. */
  compatibleShortName: 40,
  /** Taken off per word written slightly differently, per initial, per word missing on one side. */
  perTypo: 5,
  perInitial: 5,
  perMissingWord: 10,
  /** The least a compatible name is worth, whatever is taken off. */
  nameFloor: 20,
} as const;

/** Words that carry no identity: particles of compound surnames. */
const PARTICLES = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'Y']);
/** Abbreviations written for a given name ('MA.' is María almost always in Mexico). */
const ABBREVIATIONS: Record<string, string> = { MA: 'MARIA', FCO: 'FRANCISCO', GPE: 'GUADALUPE', JJ: 'JUAN JOSE' };

/** A mobile phone as its 10 digits, or null (see normalizePhone: separators, +52 / 52 / 521, 044 / 045, 1). */
export const normalizeMobile = (raw: string | null | undefined): string | null => normalizePhone(raw);

/** An e-mail compared case-insensitively (the form stores it in upper case), trimmed; null when empty. */
export function normalizeEmail(raw: string | null | undefined): string | null {
  const email = (raw ?? '').trim().toLowerCase();
  return email ? email : null;
}

/**
 * The words of a full name as compared: upper case, accents folded, punctuation and repeated spaces gone,
 * particles (de, del, de la, y…) dropped, 'MA.' read as MARÍA and the usual abbreviations expanded. An initial
 * ('J.') stays as its one letter.
 */
export function nameWords(full: string | null | undefined): string[] {
  const folded = foldAccents((full ?? '').toUpperCase()).replace(/[^A-Z0-9 ]+/g, ' ');
  const words: string[] = [];
  for (const word of folded.split(' ')) {
    if (!word || PARTICLES.has(word)) continue;
    words.push(...(ABBREVIATIONS[word] ?? word).split(' '));
  }
  return words;
}

/** How far apart two whole words may be and still be the same word written slightly differently. */
function maxTypos(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4) return 0;
  return shorter < 8 ? 1 : 2;
}

export type NameMatch =
  | { kind: 'same'; words: number }
  | { kind: 'compatible'; whole: number; typos: Array<[string, string]>; initials: Array<[string, string]>; missing: string[] }
  | { kind: 'different' };

/**
 * Compares two names word by word, in any order (an imported name may put the surnames first, or be split into
 * fields differently): first the words both have, then words within a small edit distance ('GARZA' / 'GARSA'),
 * then initials against the word they start ('J' / 'JOSE'). Words left over on ONE side only are missing there
 * ('JOSE LUIS GARZA' / 'JOSE LUIS GARZA TREVINO'); words left over on both sides make the names different.
 */
export function compareNames(a: string[], b: string[]): NameMatch {
  if (!a.length || !b.length) return { kind: 'different' };
  const left = [...a];
  const right = [...b];
  let whole = 0;
  for (let i = 0; i < left.length; i++) {
    const j = right.indexOf(left[i]);
    if (j >= 0 && left[i].length > 1) {
      right.splice(j, 1);
      left.splice(i--, 1);
      whole++;
    }
  }
  if (!left.length && !right.length) return { kind: 'same', words: whole };
  const typos: Array<[string, string]> = [];
  for (let i = 0; i < left.length; i++) {
    if (left[i].length === 1) continue;
    let best = -1;
    let bestDistance = Infinity;
    for (let j = 0; j < right.length; j++) {
      if (right[j].length === 1) continue;
      const d = distance(left[i], right[j]);
      if (d <= maxTypos(left[i], right[j]) && d < bestDistance) {
        best = j;
        bestDistance = d;
      }
    }
    if (best >= 0) {
      typos.push([left[i], right[best]]);
      right.splice(best, 1);
      left.splice(i--, 1);
      whole++;
    }
  }
  const initials: Array<[string, string]> = [];
  const matchInitials = (from: string[], to: string[], flip: boolean) => {
    for (let i = 0; i < from.length; i++) {
      if (from[i].length !== 1) continue;
      const j = to.findIndex((w) => w.length > 1 && w[0] === from[i]);
      if (j < 0) continue;
      initials.push(flip ? [to[j], from[i]] : [from[i], to[j]]);
      to.splice(j, 1);
      from.splice(i--, 1);
    }
  };
  matchInitials(left, right, false);
  matchInitials(right, left, true);
  // A single letter on both sides that is the same (two initials) is a weak match, not a missing word.
  for (let i = 0; i < left.length; i++) {
    const j = right.indexOf(left[i]);
    if (j >= 0) {
      initials.push([left[i], right[j]]);
      right.splice(j, 1);
      left.splice(i--, 1);
    }
  }
  if (left.length && right.length) return { kind: 'different' };
  if (whole < 2) return { kind: 'different' };
  return { kind: 'compatible', whole, typos, initials, missing: [...left, ...right] };
}

export interface PairScore {
  /** 0–100. */
  score: number;
  /** Why, in Spanish, strongest first ('mismo celular', 'nombre casi igual: GARZA / GARSA'…). */
  reasons: string[];
  /** Both birth dates known and different: never the same person (a father and his son of the same name). */
  vetoed: boolean;
  /** Same mobile phone or same e-mail: what the import takes as certainly the same person. */
  sameContact: boolean;
}

/** The name part of a pair's score, with its reason. */
export function nameScore(match: NameMatch): { points: number; reasons: string[] } {
  const P = DEDUPE_POINTS;
  if (match.kind === 'different') return { points: 0, reasons: [] };
  if (match.kind === 'same') return { points: match.words >= 3 ? P.sameName : P.sameShortName, reasons: ['mismo nombre'] };
  const base = match.whole >= 3 ? P.compatibleName : P.compatibleShortName;
  const points = Math.max(
    P.nameFloor,
    base - P.perTypo * match.typos.length - P.perInitial * match.initials.length - P.perMissingWord * match.missing.length,
  );
  const reasons = [
    ...match.typos.map(([x, y]) => `nombre casi igual: ${x} / ${y}`),
    ...match.initials.map(([x, y]) => `inicial: ${x} / ${y}`),
    ...(match.missing.length ? [`nombre incompleto: falta ${match.missing.join(' ')}`] : []),
  ];
  return { points, reasons };
}

/** Scores a pair of people: the sum of the rules that hold, at most 100; 0 when the birth dates differ. */
export function scorePair(a: DedupePerson, b: DedupePerson): PairScore {
  const P = DEDUPE_POINTS;
  const reasons: string[] = [];
  let score = 0;
  const mobileA = normalizeMobile(a.telefono_celular);
  const sameMobile = mobileA !== null && mobileA === normalizeMobile(b.telefono_celular);
  if (sameMobile) {
    score += P.sameMobile;
    reasons.push('mismo celular');
  }
  const emailA = normalizeEmail(a.correo_electronico);
  const sameEmail = emailA !== null && emailA === normalizeEmail(b.correo_electronico);
  if (sameEmail) {
    score += P.sameEmail;
    reasons.push('mismo correo');
  }
  const name = nameScore(compareNames(nameWords(fullName(a)), nameWords(fullName(b))));
  score += name.points;
  reasons.push(...name.reasons);
  const vetoed = !!a.fecha_nacimiento && !!b.fecha_nacimiento && a.fecha_nacimiento !== b.fecha_nacimiento;
  if (a.fecha_nacimiento && a.fecha_nacimiento === b.fecha_nacimiento) {
    score += P.sameBirthDate;
    reasons.push('misma fecha de nacimiento');
  }
  if (vetoed) return { score: 0, reasons: [...reasons, 'distinta fecha de nacimiento'], vetoed, sameContact: sameMobile || sameEmail };
  return { score: Math.min(100, score), reasons, vetoed, sameContact: sameMobile || sameEmail };
}

/** Is this pair a possible duplicate at the given threshold? */
export const isCandidate = (s: PairScore, minScore: number): boolean => !s.vetoed && s.score >= minScore;

// ——— Blocking: which pairs are compared at all ———

/**
 * A word in a rough Spanish phonetic form, so that spellings of one sound meet in one block: LL→Y, QU and C before
 * E/I → K/S, C → K (not in CH), G before E/I → J, silent H dropped (not in CH), Z→S, V→B, W→U, doubled letters once.
 * GARZA/GARSA, VILLARREAL/VILLAREAL, HERNANDEZ/ERNANDES, CECILIA/SESILIA meet; the score still tells them apart.
 */
export function phonetic(word: string): string {
  // One pass over the word (the import keys tens of thousands of people: ten regular expressions per word were most
  // of that time); the unit test holds the examples.
  let out = '';
  const n = word.length;
  for (let i = 0; i < n; i++) {
    const c = word[i];
    const next = i + 1 < n ? word[i + 1] : '';
    let sound = c;
    if (c === 'L' && next === 'L') {
      sound = 'Y';
      i++;
    } else if (c === 'Q' && next === 'U' && (word[i + 2] === 'E' || word[i + 2] === 'I')) {
      sound = 'K';
      i++;
    } else if (c === 'C') sound = next === 'E' || next === 'I' ? 'S' : next === 'H' ? 'C' : 'K';
    else if (c === 'G' && (next === 'E' || next === 'I')) sound = 'J';
    else if (c === 'H') sound = i > 0 && word[i - 1] === 'C' ? 'H' : '';
    else if (c === 'Z') sound = 'S';
    else if (c === 'V') sound = 'B';
    else if (c === 'W') sound = 'U';
    if (sound && out[out.length - 1] !== sound) out += sound;
  }
  return out;
}

/**
 * The blocking keys of a person (stored in `persona_duplicado_claves`): every pair of the phonetic words of the full
 * name ('GARSA LUIS', each pair in alphabetical order: independent of word order and of how the name was split into
 * fields), without initials; 'T:' and the mobile; 'E:' and the e-mail. Two people are compared only when they share a
 * key held by few enough people (PERSONAS_DUPLICATE_BLOCK_MAX), and the score then decides. Keys of 'J. LUIS GARZA T.'
 * and 'JOSÉ LUIS GARZA TREVIÑO' meet in 'GARSA LUIS'.
 */
export function blockingKeys(p: DedupePerson): string[] {
  const words = [
    ...new Set(
      nameWords(fullName(p))
        .filter((w) => w.length > 1 && !/\d/.test(w))
        .map(phonetic),
    ),
  ].sort();
  const keys: string[] = [];
  for (let i = 0; i < words.length; i++) for (let j = i + 1; j < words.length; j++) keys.push(`${words[i]} ${words[j]}`);
  const mobile = normalizeMobile(p.telefono_celular);
  if (mobile) keys.push(`T:${mobile}`);
  const email = normalizeEmail(p.correo_electronico);
  if (email) keys.push(`E:${email}`);
  return keys;
}
