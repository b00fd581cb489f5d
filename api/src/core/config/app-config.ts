import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, isLoopbackHost, readBool, readInt, readUrl } from './env-readers';

/** What an API process serves: `api` (HTTP), `realtime` (socket.io and the outbox relay), or both. */
export type ProcessRole = 'api' | 'realtime';
export const PROCESS_ROLES: readonly ProcessRole[] = ['api', 'realtime'];

/** What the core reads from the environment, validated once at start (each area's settings are its own: SettingsDeclaration). */
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
  /**
   * METRICS_TOKEN: the bearer token a scraper off this machine sends to read `GET /metrics`; null (unset): only
   * loopback callers read it (docs/decisions/plataforma.md «Quién lee /metrics»).
   */
  metricsToken: string | null;
  /**
   * METRICS_PORT: where a workers process answers `GET /metrics` (it has no other HTTP); null (unset): it answers
   * nowhere, 0: a port the system picks. API processes answer /metrics on their own PORT.
   */
  metricsPort: number | null;
  /** METRICS_HOST: the address the workers' metrics listener binds (default 127.0.0.1). */
  metricsHost: string;
}

export const ROOT_DIR = resolve(__dirname, '../../../..').replace(/\/dist$/, '');

export const LOCAL_ADMIN_EMAIL = 'admin@aforo.local';

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

/** For local use only: a secret generated once and kept under the data directory. */
function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * An area's settings (`<area>.settings.ts`): read once at start, after the core's (which they may use: the municipio,
 * NODE_ENV…), with the readers of env-readers.ts, and merged into the one configuration object every process injects
 * (APP_CONFIG). Core never names an area: the entry points hand the areas' declarations to loadConfig
 * (api/src/modules/index.ts, AREA_SETTINGS). An area reads its own by typing its injection `AppConfig & XSettings`.
 */
export interface SettingsDeclaration<T extends object = object> {
  readonly read: (env: NodeJS.ProcessEnv, core: AppConfig) => T;
}

export const defineSettings = <T extends object>(read: (env: NodeJS.ProcessEnv, core: AppConfig) => T): SettingsDeclaration<T> => ({
  read,
});

/** The settings a list of declarations reads, as one type. */
export type SettingsOf<D> = (D extends SettingsDeclaration<infer T> ? (t: T) => void : never) extends (t: infer I) => void ? I : never;

/**
 * The configuration a process starts with (api or workers): an invalid one ends the process with its Spanish
 * message and exit code 78 (EX_CONFIG), so a supervisor does not restart it in a loop.
 */
export function loadConfigOrExit<D extends SettingsDeclaration>(settings: readonly D[]): AppConfig & SettingsOf<D> {
  try {
    return loadConfig(process.env, settings);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
}

/** The core's configuration and each declaration's settings (listed twice, read once); a setting named twice is a programming error. */
export function loadConfig<D extends SettingsDeclaration>(env: NodeJS.ProcessEnv, settings: readonly D[]): AppConfig & SettingsOf<D> {
  const core = loadCoreConfig(env);
  const config: Record<string, unknown> = { ...core };
  for (const declaration of new Set(settings)) {
    for (const [name, value] of Object.entries(declaration.read(env, core))) {
      if (name in config) throw new Error(`Setting ${name} is declared twice`);
      config[name] = value;
    }
  }
  return config as AppConfig & SettingsOf<D>;
}

function loadCoreConfig(env: NodeJS.ProcessEnv): AppConfig {
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
    webDistDir: resolve(env.WEB_DIST_DIR?.trim() || join(ROOT_DIR, 'web/dist')),
    dataDir,
    publicUrl,
    metricsToken: readMetricsToken(env, 'METRICS_TOKEN'),
    metricsPort: env.METRICS_PORT?.trim() ? readInt(env, 'METRICS_PORT', 0, 0, 65535) : null,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
  };
}

/** METRICS_TOKEN: unset or blank for none; otherwise a long secret (it is compared with what a scraper sends). */
function readMetricsToken(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  if (raw.length < 24 || /\s/.test(raw)) {
    throw new ConfigError(name, 'debe tener al menos 24 caracteres, sin espacios (es el token Bearer con que se leen las métricas)');
  }
  return raw;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
