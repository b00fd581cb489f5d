import { SmtpSink } from './smtp-sink';
import { TestApp } from './test-app';

/** Where the mailed links point in these tests. */
export const MAILED_PUBLIC_URL = 'https://eventos.monterrey.test';

export interface MailedApp {
  sink: SmtpSink;
  t: TestApp;
  /** The first super admin's token. */
  admin: string;
}

/**
 * For a describe block: an app whose mail goes to a real SMTP server of its own (a fresh sink) with links to
 * MAILED_PUBLIC_URL, signed in as the first admin; started before the block's tests (its fields are set then),
 * closed after them. `env` adds to or replaces the app's settings.
 */
export function mailedApp(env: Record<string, string> = {}, timeoutMs?: number): MailedApp {
  const app = {} as MailedApp;
  beforeAll(async () => {
    app.sink = await SmtpSink.start();
    app.t = await TestApp.start({
      env: { SMTP_URL: app.sink.url, MAIL_FROM: 'Aforo <no-responder@eventos.monterrey.test>', PUBLIC_URL: MAILED_PUBLIC_URL, ...env },
    });
    app.admin = await app.t.login();
  }, timeoutMs);
  afterAll(async () => {
    await app.t?.close();
    await app.sink?.stop();
  });
  return app;
}
