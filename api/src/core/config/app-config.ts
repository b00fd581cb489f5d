import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** What an API process serves: `api` (HTTP), `realtime` (socket.io and the outbox relay), or both. */
export type ProcessRole = 'api' | 'realtime';
export const PROCESS_ROLES: readonly ProcessRole[] = ['api', 'realtime'];

/** Everything the API and the workers read from the environment, validated once at start. */
export interface AppConfig {
  /** ROLES: what this process serves (what each role does: core/process/roles.ts; the workers are their own entry point). */
  roles: ReadonlySet<ProcessRole>;
  /** SHUTDOWN_DRAIN_MS: on SIGTERM, how long /api/health answers 503 (the load balancer stops sending) before closing. */
  shutdownDrainMs: number;
  /** DATABASE_POOL_SIZE: connections this process may hold (null: 20 for api/realtime, 10 for workers). */
  databasePoolSize: number | null;
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix for every Redis key Aforo writes (queues, socket adapter, throttling). */
  redisPrefix: string;
  jwtSecret: string;
  /**
   * JWT_SECRET_PREVIOUS: the secret before a rotation, accepted only to verify signed links mailed before it (new
   * links, sessions and everything else use JWT_SECRET). Null when not rotating.
   */
  jwtSecretPrevious: string | null;
  jwtExpiresInSeconds: number;
  adminEmail: string;
  /**
   * ADMIN_PASSWORD: the first super admin's password, used as given (no forced change). Null when unset: the
   * first start generates one, prints it once and asks for a new one at the first sign-in.
   */
  adminPassword: string | null;
  municipio: string;
  tzDisplay: string;
  allowRegistration: boolean;
  logLevel: string;
  /** Requests per minute and IP on public endpoints: reads, and writes (registrations, applications). */
  publicReadLimitPerMinute: number;
  publicWriteLimitPerMinute: number;
  /** Program e-mail checks per minute and IP (POST /api/programas/{slug}/check-email): low, so it cannot sweep addresses. */
  programCheckEmailLimitPerMinute: number;
  /**
   * Waitlist joins per minute and IP (events and programs together; WAITLIST_JOIN_LIMIT_PER_MINUTE): each join mails an
   * address, so it is lower than the public write limit (docs/decisions/eventos-externos.md#lista-de-espera-confirmada-por-correo).
   */
  waitlistJoinLimitPerMinute: number;
  /** The privacy notice linked from public forms (plain text; blank lines separate paragraphs). */
  privacyNotice: string;
  /** How long a worker holds a job before another may take it over (a crashed worker's job resumes after it). */
  jobLockMs: number;
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For. */
  /**
   * Which hops may name the client in `X-Forwarded-For` / `X-Forwarded-Host`: `false` (none: the socket's own
   * address is the client) or a list of `loopback` and addresses/CIDRs. Never "any hop" (TRUST_PROXY=true).
   */
  trustProxy: false | string[];
  /** Origins besides the app's own whose pages may open a socket (scheme://host[:port], normalized). */
  allowedOrigins: string[];
  webDistDir: string;
  dataDir: string;
  /** PUBLIC_URL: the address citizens reach the app at (links in e-mail); default http://localhost:PORT. */
  publicUrl: string;
  /** SMTP_URL: smtp://user:pass@host:port or smtps://…; null (the embedded default) stores mail without sending it. */
  smtpUrl: string | null;
  /**
   * In production, plain smtp:// to a host other than this machine must upgrade with STARTTLS or not send
   * (nodemailer's requireTLS), unless the URL says `requireTLS=false` or `ignoreTLS=true` (see smtpRequiresTls).
   */
  smtpRequireTls: boolean;
  /** MAIL_FROM: the sender of every message (an address, or "Name <address>"). */
  mailFrom: string;
  /** WAITLIST_OFFER_HOURS (decimals allowed), in seconds: how long a freed place is held for the first in line. */
  waitlistOfferSeconds: number;
  /** WAITLIST_CONFIRM_HOURS (decimals allowed), in seconds: how long a join waits for its e-mail confirmation. */
  waitlistConfirmSeconds: number;
  /**
   * MAIL_SEND_TIMEOUT_MS: how long one SMTP step (connect, greeting, each answer) may take. A message left
   * in 'sending' for 3× this is taken as its worker's crash and sent again (docs/decisions/correos.md).
   */
  mailSendTimeoutMs: number;
  /**
   * MAIL_SEND_ATTEMPTS / MAIL_RETRY_DELAY_MS: attempts of one message for temporary failures (4xx, no
   * connection) before it is 'failed', and the first wait between them (doubling each time).
   */
  mailSendAttempts: number;
  mailRetryDelayMs: number;
  /**
   * MAIL_PER_MINUTE: at most this many messages a minute leave for the SMTP server, across every workers process
   * (0: as fast as the workers go). A relay's own limit (Microsoft 365: 30 a minute) goes here.
   */
  mailPerMinute: number;
  /** PRIVACY_DUE_BUSINESS_DAYS: the ARCO answer term, business days from receipt (LGPDPPSO art. 51: 20). */
  privacyDueBusinessDays: number;
  /** PRIVACY_REMINDER_BUSINESS_DAYS: the staff are mailed this many business days before a request is due. */
  privacyReminderBusinessDays: number;
  /** PRIVACY_HOLIDAYS: the non-business days besides weekends (YYYY-MM-DD); null: LFT art. 74's rest days of each year. */
  privacyHolidays: string[] | null;
  /** DOOR_ALARM_LEVELS: the occupancy percentages of the venue's limit that raise an alarm, ascending (issue 28). */
  doorAlarmLevels: number[];
  /**
   * Retention per area (issue 29 §2, docs/decisions/privacidad-conservacion.md): months after an external event or
   * a program ends before its registrations, waitlist entries and applications are anonymised; days after which a
   * message's body is purged and an import's file deleted.
   */
  retention: RetentionSettings;
}

export interface RetentionSettings {
  /** RETENTION_EXTERNAL_EVENTS_MONTHS (12). */
  externalEventsMonths: number;
  /** RETENTION_PROGRAMS_MONTHS (12). */
  programsMonths: number;
  /** RETENTION_MAIL_DAYS (90). */
  mailDays: number;
  /** RETENTION_IMPORTS_DAYS (30). */
  importsDays: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuración inválida: ${variable} ${problem}`);
  }
}

export const ROOT_DIR = resolve(__dirname, '../../../..').replace(/\/dist$/, '');

/**
 * MAIL_PER_MINUTE's default: 20 messages a second (5,000 invitations in about four minutes). At the workers' full
 * pace (about 120 a second on 2 cores) the API's p95 rose 50–60 % during a bulk send; at this pace it stays within
 * 20 % (bench:mail, docs/benchmarks.md). 0 lifts the limit; a relay's own limit goes lower.
 */
export const MAIL_PER_MINUTE_DEFAULT = 1200;

export const LOCAL_ADMIN_EMAIL = 'admin@aforo.local';

function readUrl(env: NodeJS.ProcessEnv, name: string, protocols: string[], fallback?: string): string {
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

/**
 * PUBLIC_URL in production must be https: the links in mail carry signed tokens, and the staff's sign-in goes
 * there. Only this machine's own address (npm start's default, http://localhost:PORT) may stay http.
 */
function readPublicUrl(env: NodeJS.ProcessEnv, nodeEnv: string, port: number): string {
  const publicUrl = readUrl(env, 'PUBLIC_URL', ['http:', 'https:'], `http://localhost:${port}`).replace(/\/+$/, '');
  const url = new URL(publicUrl);
  if (nodeEnv === 'production' && url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
    throw new ConfigError(
      'PUBLIC_URL',
      `debe empezar con https:// en producción (NODE_ENV=production): los enlaces de los correos llevan tokens y el personal inicia sesión ahí (se recibió "${publicUrl}"); http solo para localhost`,
    );
  }
  return publicUrl;
}

/**
 * Whether mail to SMTP_URL must go over TLS without being asked: in production, smtp:// (smtps:// already is TLS)
 * to a host other than this machine — a relay on the same machine may stay plain. The URL may say otherwise with
 * nodemailer's own words: `?requireTLS=false` or `?ignoreTLS=true`.
 */
export function smtpRequiresTls(smtpUrl: string | null, nodeEnv: string): boolean {
  if (!smtpUrl || nodeEnv !== 'production') return false;
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' || isLoopbackHost(url.hostname)) return false;
  const said = (name: string) => url.searchParams.get(name)?.toLowerCase();
  return said('requireTLS') !== 'false' && said('ignoreTLS') !== 'true';
}

/** Percentages, comma separated, each 1–100 and rising ("80,95,100"). */
function readLevels(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const levels = raw.split(',').map((p) => Number(p.trim()));
  if (!levels.every((l, i) => Number.isInteger(l) && l >= 1 && l <= 100 && (i === 0 || l > levels[i - 1]))) {
    throw new ConfigError(name, `debe ser una lista de porcentajes enteros de 1 a 100, en orden creciente (se recibió "${raw}")`);
  }
  return levels;
}

function readInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `debe ser un número entero entre ${min} y ${max} (se recibió "${raw}")`);
  }
  return value;
}

/** A positive number of hours (decimals allowed: 0.5 is half an hour), as whole seconds (at least 1). */
function readHours(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback * 3600;
  const value = Number(raw);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(raw) || !(value > 0) || value > max) {
    throw new ConfigError(name, `debe ser un número de horas mayor que 0 y hasta ${max} (se recibió "${raw}")`);
  }
  return Math.max(1, Math.round(value * 3600));
}

function readBool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'si', 'sí'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `debe ser true o false (se recibió "${raw}")`);
}

/** ROLES: a comma-separated subset of api and realtime (default both, as `npm start` runs). */
function readRoles(env: NodeJS.ProcessEnv, name: string): ReadonlySet<ProcessRole> {
  const raw = env[name]?.trim();
  if (!raw) return new Set(PROCESS_ROLES);
  const roles = raw.split(',').map((r) => r.trim().toLowerCase());
  if (roles.some((r) => !PROCESS_ROLES.includes(r as ProcessRole))) {
    throw new ConfigError(
      name,
      `debe ser api, realtime o api,realtime (se recibió "${raw}"); los workers se inician con dist/workers/src/main.js`,
    );
  }
  return new Set(roles as ProcessRole[]);
}

/** A comma-separated list of origins: each scheme://host[:port], http or https, nothing after. */
/**
 * TRUST_PROXY: `false`, `loopback`, or a comma list of addresses and CIDRs (`loopback` may be one of them).
 * `true` would trust whichever hop sends `X-Forwarded-For`, so anyone reaching a replica's port could name
 * any address (escaping the per-IP limits, writing a false address into the audit): refused, saying what to
 * write instead.
 */
export function readTrustProxy(env: NodeJS.ProcessEnv, name = 'TRUST_PROXY'): false | string[] {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw || ['0', 'false', 'no'].includes(raw)) return false;
  if (['1', 'true', 'yes', 'si', 'sí'].includes(raw)) {
    throw new ConfigError(
      name,
      'ya no admite true (confiaría en cualquier X-Forwarded-For); escribe la dirección del proxy: loopback si está en la misma máquina, o una lista de direcciones o redes (p. ej. 10.0.0.5,172.30.0.0/24), o false',
    );
  }
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry === 'loopback') continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      throw new ConfigError(
        name,
        `debe ser false, loopback o una lista de direcciones IP o redes CIDR separadas por comas ("${entry}" no es ninguna)`,
      );
    }
  }
  return entries;
}

function readOrigins(env: NodeJS.ProcessEnv, name: string): string[] {
  const raw = env[name]?.trim();
  if (!raw) return [];
  return raw.split(',').map((item) => {
    const value = item.trim();
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ConfigError(name, `tiene un origen que no es una URL válida: "${value}"`);
    }
    const onlyOrigin = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!['http:', 'https:'].includes(url.protocol) || !onlyOrigin) {
      throw new ConfigError(name, `debe ser una lista de orígenes como https://ejemplo.gob.mx, sin ruta (se recibió "${value}")`);
    }
    return url.origin;
  });
}

function readTimeZone(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  try {
    new Intl.DateTimeFormat('es-MX', { timeZone: value });
  } catch {
    throw new ConfigError(name, `no es una zona horaria IANA válida (se recibió "${value}")`);
  }
  return value;
}

/** A comma list of calendar dates (YYYY-MM-DD); unset or blank: null. */
function readDateList(env: NodeJS.ProcessEnv, name: string): string[] | null {
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

/** For local use only: a secret generated once and kept under the data directory. */
function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function defaultPrivacyNotice(municipio: string): string {
  return [
    `El Gobierno Municipal de ${municipio}, Nuevo León, es responsable del tratamiento de los datos personales que proporciones en este formulario, los cuales serán protegidos conforme a la Ley General de Protección de Datos Personales en Posesión de Sujetos Obligados y la normativa estatal aplicable.`,
    'Tus datos (nombre, fecha de nacimiento, teléfono, correo electrónico y empresa) se utilizarán únicamente para registrar tu participación en el evento, confirmar tu asistencia, comunicarte cambios y elaborar estadísticas sin datos que te identifiquen.',
    'No se transferirán a terceros salvo las excepciones previstas por la ley. Puedes ejercer tus derechos de acceso, rectificación, cancelación y oposición (ARCO) ante la Unidad de Transparencia del municipio.',
  ].join('\n\n');
}

/**
 * The configuration a process starts with (api or workers): an invalid one ends the process with its Spanish
 * message and exit code 78 (EX_CONFIG), so a supervisor does not restart it in a loop.
 */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = (env.NODE_ENV?.trim() || 'development') as AppConfig['env'];
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    throw new ConfigError('NODE_ENV', 'debe ser development, production o test');
  }
  const dataDir = resolve(env.AFORO_DATA_DIR?.trim() || join(ROOT_DIR, '.data'));
  const jwtSecretRaw = env.JWT_SECRET?.trim();
  if (jwtSecretRaw !== undefined && jwtSecretRaw !== '' && jwtSecretRaw.length < 32) {
    throw new ConfigError('JWT_SECRET', 'debe tener al menos 32 caracteres');
  }
  const jwtSecretPrevious = env.JWT_SECRET_PREVIOUS?.trim() || null;
  if (jwtSecretPrevious !== null && jwtSecretPrevious.length < 32) {
    throw new ConfigError('JWT_SECRET_PREVIOUS', 'debe tener al menos 32 caracteres');
  }
  if (jwtSecretPrevious !== null && jwtSecretPrevious === jwtSecretRaw) {
    throw new ConfigError('JWT_SECRET_PREVIOUS', 'debe ser el secreto anterior, distinto de JWT_SECRET');
  }
  const adminEmail = env.ADMIN_EMAIL?.trim() || LOCAL_ADMIN_EMAIL;
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) throw new ConfigError('ADMIN_EMAIL', 'no es un correo válido');
  const adminPassword = env.ADMIN_PASSWORD ? env.ADMIN_PASSWORD : null;
  if (adminPassword !== null && adminPassword.length < 8) throw new ConfigError('ADMIN_PASSWORD', 'debe tener al menos 8 caracteres');
  const redisPrefix = env.REDIS_PREFIX?.trim() || 'aforo';
  if (!/^[a-z0-9_-]{1,40}$/i.test(redisPrefix)) {
    throw new ConfigError('REDIS_PREFIX', 'solo admite letras, números, guion y guion bajo');
  }

  const port = readInt(env, 'PORT', 3000, 0, 65535);
  const municipio = env.MUNICIPIO?.trim() || 'Monterrey';
  const publicUrl = readPublicUrl(env, nodeEnv, port);
  const smtpUrl = env.SMTP_URL?.trim() ? readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']) : null;
  const mailFrom = env.MAIL_FROM?.trim() || `"Aforo · Municipio de ${municipio}" <no-responder@aforo.local>`;
  if (/[\r\n]/.test(mailFrom) || !/@/.test(mailFrom))
    throw new ConfigError('MAIL_FROM', 'debe ser una dirección de correo, en una sola línea');

  return {
    env: nodeEnv,
    roles: readRoles(env, 'ROLES'),
    shutdownDrainMs: readInt(env, 'SHUTDOWN_DRAIN_MS', 0, 0, 120_000),
    databasePoolSize: env.DATABASE_POOL_SIZE?.trim() ? readInt(env, 'DATABASE_POOL_SIZE', 20, 1, 500) : null,
    port,
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    redisPrefix,
    jwtSecret: jwtSecretRaw || localJwtSecret(dataDir),
    jwtSecretPrevious,
    jwtExpiresInSeconds: readInt(env, 'JWT_EXPIRES_IN_SECONDS', 8 * 3600, 60, 30 * 24 * 3600),
    adminEmail: adminEmail.toLowerCase(),
    adminPassword,
    municipio,
    tzDisplay: readTimeZone(env, 'TZ_DISPLAY', 'America/Monterrey'),
    allowRegistration: readBool(env, 'ALLOW_REGISTRATION', true),
    logLevel: env.LOG_LEVEL?.trim() || (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: readTrustProxy(env),
    allowedOrigins: readOrigins(env, 'ALLOWED_ORIGINS'),
    jobLockMs: readInt(env, 'JOB_LOCK_MS', 30_000, 1000, 600_000),
    publicReadLimitPerMinute: readInt(env, 'PUBLIC_READ_LIMIT_PER_MINUTE', 600, 1, 10_000_000),
    publicWriteLimitPerMinute: readInt(env, 'PUBLIC_WRITE_LIMIT_PER_MINUTE', 30, 1, 10_000_000),
    programCheckEmailLimitPerMinute: readInt(env, 'PROGRAM_CHECK_EMAIL_LIMIT_PER_MINUTE', 20, 1, 10_000_000),
    waitlistJoinLimitPerMinute: readInt(env, 'WAITLIST_JOIN_LIMIT_PER_MINUTE', 5, 1, 10_000_000),
    privacyNotice: env.PRIVACY_NOTICE?.trim() || defaultPrivacyNotice(env.MUNICIPIO?.trim() || 'Monterrey'),
    webDistDir: resolve(env.WEB_DIST_DIR?.trim() || join(ROOT_DIR, 'web/dist')),
    dataDir,
    publicUrl,
    smtpUrl,
    smtpRequireTls: smtpRequiresTls(smtpUrl, nodeEnv),
    mailFrom,
    waitlistOfferSeconds: readHours(env, 'WAITLIST_OFFER_HOURS', 24, 720),
    waitlistConfirmSeconds: readHours(env, 'WAITLIST_CONFIRM_HOURS', 3, 720),
    mailSendTimeoutMs: readInt(env, 'MAIL_SEND_TIMEOUT_MS', 60_000, 500, 600_000),
    mailSendAttempts: readInt(env, 'MAIL_SEND_ATTEMPTS', 10, 1, 100),
    mailRetryDelayMs: readInt(env, 'MAIL_RETRY_DELAY_MS', 2_000, 100, 3_600_000),
    mailPerMinute: readInt(env, 'MAIL_PER_MINUTE', MAIL_PER_MINUTE_DEFAULT, 0, 1_000_000),
    doorAlarmLevels: readLevels(env, 'DOOR_ALARM_LEVELS', [80, 95, 100]),
    retention: {
      externalEventsMonths: readInt(env, 'RETENTION_EXTERNAL_EVENTS_MONTHS', 12, 1, 120),
      programsMonths: readInt(env, 'RETENTION_PROGRAMS_MONTHS', 12, 1, 120),
      mailDays: readInt(env, 'RETENTION_MAIL_DAYS', 90, 1, 3650),
      importsDays: readInt(env, 'RETENTION_IMPORTS_DAYS', 30, 1, 3650),
    },
    privacyDueBusinessDays: readInt(env, 'PRIVACY_DUE_BUSINESS_DAYS', 20, 1, 120),
    privacyReminderBusinessDays: readInt(env, 'PRIVACY_REMINDER_BUSINESS_DAYS', 5, 0, 60),
    privacyHolidays: readDateList(env, 'PRIVACY_HOLIDAYS'),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
