import { defineSettings, loadConfig as loadWith } from '../../api/src/core/config/app-config';
import { readInt } from '../../api/src/core/config/env-readers';
import { WAITLIST_SETTINGS } from '../../api/src/core/waitlist/waitlist.settings';
import { AREA_SETTINGS } from '../../api/src/modules';
import { PRIVACY_SETTINGS } from '../../api/src/modules/privacy/privacy.settings';

/** The core's configuration and the settings these cases read (each declared by its area). */
const loadConfig = (env: NodeJS.ProcessEnv) => loadWith(env, [WAITLIST_SETTINGS, PRIVACY_SETTINGS]);

const base = { DATABASE_URL: 'postgres://u@localhost/db', JWT_SECRET: 'x'.repeat(40) };

describe('configuration validated at start, naming the bad variable', () => {
  it('reads the roles of a process: both by default (npm start), or one of them', () => {
    expect([...loadConfig({ ...base }).roles].sort()).toEqual(['api', 'realtime']);
    expect([...loadConfig({ ...base, ROLES: ' Realtime ' }).roles]).toEqual(['realtime']);
    expect(loadConfig({ ...base, ROLES: 'api' }).roles.has('realtime')).toBe(false);
  });

  it('WAITLIST_OFFER_HOURS: 24 h by default, decimals allowed, as whole seconds (at least 1)', () => {
    expect(loadConfig({ ...base }).waitlistOfferSeconds).toBe(24 * 3600);
    expect(loadConfig({ ...base, WAITLIST_OFFER_HOURS: '0.5' }).waitlistOfferSeconds).toBe(1800);
    expect(loadConfig({ ...base, WAITLIST_OFFER_HOURS: '0.0001' }).waitlistOfferSeconds).toBe(1);
  });

  describe('TRUST_PROXY names the proxy; it never trusts any hop', () => {
    it('false by default; loopback, addresses and CIDRs as a list', () => {
      expect(loadConfig({ ...base }).trustProxy).toBe(false);
      expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ ...base, TRUST_PROXY: ' Loopback ' }).trustProxy).toEqual(['loopback']);
      expect(loadConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.5,172.30.0.0/24,fd00::/8' }).trustProxy).toEqual([
        'loopback',
        '10.0.0.5',
        '172.30.0.0/24',
        'fd00::/8',
      ]);
    });

    it.each(['true', 'TRUE', '1', 'yes', 'sí'])('refuses %s at start, saying what to write instead', (value) => {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(
        /^Configuración inválida: TRUST_PROXY ya no admite true \(confiaría en cualquier X-Forwarded-For\); escribe la dirección del proxy: loopback/,
      );
    });

    it.each(['proxy.local', '10.0.0.300', '10.0.0.0/33', '10.0.0.0/8/1', 'loopback,*'])(
      'refuses "%s" (not an address or CIDR)',
      (value) => {
        expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(
          /^Configuración inválida: TRUST_PROXY debe ser false, loopback o una lista/,
        );
      },
    );
  });

  it('WAITLIST_CONFIRM_HOURS: 3 h by default (decimals allowed); WAITLIST_JOIN_LIMIT_PER_MINUTE: 5 by default', () => {
    expect(loadConfig({ ...base }).waitlistConfirmSeconds).toBe(3 * 3600);
    expect(loadConfig({ ...base, WAITLIST_CONFIRM_HOURS: '0.25' }).waitlistConfirmSeconds).toBe(900);
    expect(loadConfig({ ...base }).waitlistJoinLimitPerMinute).toBe(5);
    expect(loadConfig({ ...base, WAITLIST_JOIN_LIMIT_PER_MINUTE: '12' }).waitlistJoinLimitPerMinute).toBe(12);
  });

  it('PRIVACY_*: 20 business days, reminders 5 before, LFT holidays unless a list of real dates is given', () => {
    expect(loadConfig({ ...base })).toMatchObject({ privacyDueBusinessDays: 20, privacyReminderBusinessDays: 5, privacyHolidays: null });
    expect(loadConfig({ ...base, PRIVACY_HOLIDAYS: ' 2026-12-25, 2026-04-03,2026-12-25 ' }).privacyHolidays).toEqual([
      '2026-04-03',
      '2026-12-25',
    ]);
    expect(() => loadConfig({ ...base, PRIVACY_HOLIDAYS: '2026-02-30' })).toThrow(/^Configuración inválida: PRIVACY_HOLIDAYS .*2026-02-30/);
    expect(() => loadConfig({ ...base, PRIVACY_DUE_BUSINESS_DAYS: '0' })).toThrow(/^Configuración inválida: PRIVACY_DUE_BUSINESS_DAYS /);
  });

  it("reads each area's settings through the area's declaration, once however many areas list it; a name twice fails", () => {
    const everything = loadWith({ ...base }, AREA_SETTINGS);
    expect(everything).toMatchObject({ waitlistOfferSeconds: 24 * 3600, mailSendAttempts: 10, doorAlarmLevels: [80, 95, 100] });
    expect(everything.retention.mailDays).toBe(90);
    const twice = defineSettings((env) => ({ waitlistOfferSeconds: readInt(env, 'OTRA', 1, 1, 2) }));
    expect(() => loadWith({ ...base }, [WAITLIST_SETTINGS, twice])).toThrow('Setting waitlistOfferSeconds is declared twice');
    expect(() => loadWith({ ...base }, [defineSettings(() => ({ port: 1 }))])).toThrow('Setting port is declared twice');
    expect(loadWith({ ...base }, [WAITLIST_SETTINGS, WAITLIST_SETTINGS]).waitlistConfirmSeconds).toBe(3 * 3600);
  });

  it('applies the documented defaults', () => {
    const c = loadConfig({ ...base });
    expect(c).toMatchObject({
      port: 3000,
      redisUrl: 'redis://127.0.0.1:6379',
      municipio: 'Monterrey',
      tzDisplay: 'America/Monterrey',
      adminEmail: 'admin@aforo.local',
      allowRegistration: true,
    });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'no es url' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ JWT_SECRET: 'corto' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: '1234' }, 'ADMIN_PASSWORD'],
    [{ TZ_DISPLAY: 'Mars/Olympus' }, 'TZ_DISPLAY'],
    [{ ALLOW_REGISTRATION: 'quizás' }, 'ALLOW_REGISTRATION'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ ALLOWED_ORIGINS: 'aforo.gob.mx' }, 'ALLOWED_ORIGINS'],
    [{ ROLES: 'api,workers' }, 'ROLES'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ WAITLIST_OFFER_HOURS: '0' }, 'WAITLIST_OFFER_HOURS'],
    [{ WAITLIST_OFFER_HOURS: '-2' }, 'WAITLIST_OFFER_HOURS'],
    [{ WAITLIST_OFFER_HOURS: '1e3' }, 'WAITLIST_OFFER_HOURS'],
    [{ WAITLIST_OFFER_HOURS: '721' }, 'WAITLIST_OFFER_HOURS'],
    [{ WAITLIST_CONFIRM_HOURS: '0' }, 'WAITLIST_CONFIRM_HOURS'],
    [{ WAITLIST_JOIN_LIMIT_PER_MINUTE: '0' }, 'WAITLIST_JOIN_LIMIT_PER_MINUTE'],
    [{ ALLOWED_ORIGINS: 'ftp://aforo.gob.mx' }, 'ALLOWED_ORIGINS'],
    [{ ALLOWED_ORIGINS: 'https://aforo.gob.mx/panel' }, 'ALLOWED_ORIGINS'],
    [{ ALLOWED_ORIGINS: 'https://aforo.gob.mx?x=1' }, 'ALLOWED_ORIGINS'],
    [{ ALLOWED_ORIGINS: 'https://a.mx,,https://b.mx' }, 'ALLOWED_ORIGINS'],
  ])('%j → names %s', (override, variable) => {
    expect(() => loadConfig({ ...base, ...override })).toThrow(new RegExp(`^Configuración inválida: ${variable} `));
  });

  it('reads ALLOWED_ORIGINS as a list of normalized origins (none by default)', () => {
    expect(loadConfig({ ...base }).allowedOrigins).toEqual([]);
    expect(loadConfig({ ...base, ALLOWED_ORIGINS: ' https://Eventos.Monterrey.gob.mx/ , http://localhost:5173' }).allowedOrigins).toEqual([
      'https://eventos.monterrey.gob.mx',
      'http://localhost:5173',
    ]);
  });

  it('JWT_SECRET_PREVIOUS (a rotation): unset by default; 32+ characters and not JWT_SECRET itself', () => {
    expect(loadConfig({ ...base }).jwtSecretPrevious).toBeNull();
    expect(loadConfig({ ...base, JWT_SECRET_PREVIOUS: ` ${'v'.repeat(40)} ` }).jwtSecretPrevious).toBe('v'.repeat(40));
    expect(() => loadConfig({ ...base, JWT_SECRET_PREVIOUS: 'corto' })).toThrow(
      'Configuración inválida: JWT_SECRET_PREVIOUS debe tener al menos 32 caracteres',
    );
    expect(() => loadConfig({ ...base, JWT_SECRET_PREVIOUS: base.JWT_SECRET })).toThrow(
      'Configuración inválida: JWT_SECRET_PREVIOUS debe ser el secreto anterior, distinto de JWT_SECRET',
    );
  });
});
