import { createHmac } from 'node:crypto';
import { isPublicAddress, WebhookTargets } from '../../api/src/modules/webhooks/webhook-target';
import { newWebhookSecret, signatureHeader, verifySignature } from '../../api/src/modules/webhooks/webhook-signature';

describe('webhooks: which addresses are public (the SSRF guard)', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.10.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    '2001:db8::1',
    'no-es-ip',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('the URL form: http(s) only, no credentials, no fragment', () => {
    expect(WebhookTargets.formProblem('https://hooks.example.com/a?b=1')).toBeNull();
    expect(WebhookTargets.formProblem('ftp://hooks.example.com/')).toMatch(/https/);
    expect(WebhookTargets.formProblem('https://u:p@hooks.example.com/')).toMatch(/usuario/);
    expect(WebhookTargets.formProblem('https://hooks.example.com/#x')).toMatch(/fragmento/);
    expect(WebhookTargets.formProblem('no es una url')).toMatch(/no es válida/);
  });
});

describe('webhooks: the Stripe signature scheme', () => {
  it('signs "t.body" with HMAC-SHA256, one v1 per secret, and verifies either', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^whsec_[0-9a-f]{64}$/);
    const body = '{"evento":"ping"}';
    const at = 1_800_000_000_000;
    const header = signatureHeader(body, [a, b], at);
    const t = at / 1000;
    expect(header).toBe(
      `t=${t},v1=${createHmac('sha256', a).update(`${t}.${body}`).digest('hex')},v1=${createHmac('sha256', b).update(`${t}.${body}`).digest('hex')}`,
    );
    expect(verifySignature(header, body, a, 300, at)).toBe(true);
    expect(verifySignature(header, body, b, 300, at)).toBe(true);
    expect(verifySignature(header, body, newWebhookSecret(), 300, at)).toBe(false);
    expect(verifySignature(header, `${body} `, a, 300, at)).toBe(false);
    expect(verifySignature(header, body, a, 300, at + 301_000)).toBe(false); // a replay past the tolerance
  });
});
