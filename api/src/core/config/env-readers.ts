/**
 * Reading the environment: each reader takes a variable's raw text and answers its value, its default when unset or
 * blank, or a ConfigError that names the variable and the problem in Spanish (the process then stops with it). The
 * core's configuration (app-config.ts) and every area's settings (`<area>.settings.ts`) read with these.
 */

/** A bad variable: its Spanish message names it and says what it must be. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuración inválida: ${variable} ${problem}`);
  }
}

/** A URL of one of these protocols (`postgres:`…); unset or blank: the fallback, or a ConfigError when there is none. */
export function readUrl(env: NodeJS.ProcessEnv, name: string, protocols: string[], fallback?: string): string {
  const raw = env[name]?.trim() || fallback;
  if (!raw) throw new ConfigError(name, 'es obligatoria');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `no es una URL válida: "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `debe empezar con ${protocols.map((p) => `${p}//`).join(' o ')}`);
  }
  return raw;
}

/** localhost, 127.0.0.0/8 or ::1: this machine, where plain HTTP and SMTP never cross a network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Percentages, comma separated, each 1–100 and rising ("80,95,100"). */
export function readLevels(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const levels = raw.split(',').map((p) => Number(p.trim()));
  if (!levels.every((l, i) => Number.isInteger(l) && l >= 1 && l <= 100 && (i === 0 || l > levels[i - 1]))) {
    throw new ConfigError(name, `debe ser una lista de porcentajes enteros de 1 a 100, en orden creciente (se recibió "${raw}")`);
  }
  return levels;
}

/** A whole number between min and max; unset or blank: the fallback. */
export function readInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `debe ser un número entero entre ${min} y ${max} (se recibió "${raw}")`);
  }
  return value;
}

/** A positive number of hours (decimals allowed: 0.5 is half an hour), as whole seconds (at least 1). */
export function readHours(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback * 3600;
  const value = Number(raw);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(raw) || !(value > 0) || value > max) {
    throw new ConfigError(name, `debe ser un número de horas mayor que 0 y hasta ${max} (se recibió "${raw}")`);
  }
  return Math.max(1, Math.round(value * 3600));
}

/** A time of day, 24-hour `HH:MM` ('3:00' reads as '03:00'), or `off` (null); unset or blank: the fallback. */
export function readTimeOfDay(env: NodeJS.ProcessEnv, name: string, fallback: string | null): string | null {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['off', 'no', 'false', '0'].includes(raw)) return null;
  const m = /^(\d{1,2}):(\d{2})$/.exec(raw);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
    throw new ConfigError(name, `debe ser una hora HH:MM de 00:00 a 23:59, u off para no hacerlo (se recibió "${raw}")`);
  }
  return `${m[1].padStart(2, '0')}:${m[2]}`;
}

/** true/false (also 1/0, yes/no, sí/no); unset or blank: the fallback. */
export function readBool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'si', 'sí'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `debe ser true o false (se recibió "${raw}")`);
}

/** A comma list of calendar dates (YYYY-MM-DD); unset or blank: null. */
export function readDateList(env: NodeJS.ProcessEnv, name: string): string[] | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  const dates = raw
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const d of dates) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
    const real = m && new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).toISOString().slice(0, 10) === d;
    if (!real) throw new ConfigError(name, `debe ser una lista de fechas AAAA-MM-DD separadas por comas (se recibió "${d}")`);
  }
  return [...new Set(dates)].sort();
}
