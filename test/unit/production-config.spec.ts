import { loadConfig as loadWith } from '../../api/src/core/config/app-config';
import { MAIL_SETTINGS } from '../../api/src/modules/mail/mail.settings';

/** The core's configuration and mail's settings (SMTP_URL's TLS). */
const loadConfig = (env: NodeJS.ProcessEnv) => loadWith(env, [MAIL_SETTINGS]);

/** Production configuration: what NODE_ENV=production refuses or tightens, in Spanish. */
describe('configuration in production', () => {
  const base = { DATABASE_URL: 'postgres://u@localhost/db', JWT_SECRET: 'x'.repeat(40) };
  const prod = { ...base, NODE_ENV: 'production' };

  it('PUBLIC_URL must be https, naming the variable and what to write', () => {
    for (const url of ['http://eventos.monterrey.gob.mx', 'http://10.0.0.5:3000', 'HTTP://Eventos.gob.mx/']) {
      expect(() => loadConfig({ ...prod, PUBLIC_URL: url })).toThrow(
        /^Configuración inválida: PUBLIC_URL debe empezar con https:\/\/ en producción \(NODE_ENV=production\)/,
      );
    }
    expect(loadConfig({ ...prod, PUBLIC_URL: 'https://eventos.monterrey.gob.mx/' }).publicUrl).toBe('https://eventos.monterrey.gob.mx');
  });

  it('http stays allowed for this machine (npm start’s default) and outside production', () => {
    expect(loadConfig({ ...prod, PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ ...prod, PUBLIC_URL: 'http://127.0.0.1:3000' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ ...prod, PUBLIC_URL: 'http://[::1]:3000' }).publicUrl).toBe('http://[::1]:3000');
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://eventos.monterrey.gob.mx' }).publicUrl).toBe('http://eventos.monterrey.gob.mx');
    // A look-alike is not this machine.
    expect(() => loadConfig({ ...prod, PUBLIC_URL: 'http://localhost.ejemplo.mx' })).toThrow(/PUBLIC_URL debe empezar con https/);
  });

  it.each([
    ['smtp://usuario:clave@smtp.monterrey.gob.mx:587', 'production', true],
    ['smtp://smtp.office365.com:587?requireTLS=true', 'production', true],
    ['smtp://relay.interno:25?requireTLS=false', 'production', false], // the URL says otherwise
    ['smtp://relay.interno:25?ignoreTLS=true', 'production', false],
    ['smtp://127.0.0.1:25', 'production', false], // a relay on the same machine may stay plain
    ['smtp://localhost:2525', 'production', false],
    ['smtps://usuario:clave@smtp.monterrey.gob.mx:465', 'production', false], // TLS from the first byte already
    ['smtp://smtp.monterrey.gob.mx:587', 'development', false],
  ])('SMTP_URL %s in %s: TLS required = %s', (url, env, required) => {
    expect(loadConfig({ ...base, NODE_ENV: env, SMTP_URL: url }).smtpRequireTls).toBe(required);
  });

  it('no SMTP_URL: nothing is sent, nothing to require', () => {
    expect(loadConfig({ ...prod }).smtpRequireTls).toBe(false);
  });
});
