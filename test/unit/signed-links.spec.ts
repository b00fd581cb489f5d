import { SignedLinks } from '../../api/src/core/links/signed-links';

describe('signed links (cancel by link, accept an offer)', () => {
  const links = new SignedLinks({ jwtSecret: 'x'.repeat(48) });
  const inAnHour = new Date(Date.now() + 3600_000);

  it('a link signed for a purpose is valid for that purpose and names its id until it expires', () => {
    const token = links.sign('cancel-registration', 42, inAnHour);
    const check = links.verify('cancel-registration', token);
    expect(check).toEqual({ ok: true, id: 42, expiresAt: new Date(Math.floor(inAnHour.getTime() / 1000) * 1000) });
    expect(links.verify('cancel-registration', token, new Date(inAnHour.getTime() + 1000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('another purpose, another id, another expiry, another secret or garbage: invalid', () => {
    const token = links.sign('cancel-registration', 42, inAnHour);
    const [, exp, sig] = token.split('.');
    expect(links.verify('accept-waitlist-offer', token)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.verify('cancel-registration', `43.${exp}.${sig}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.verify('cancel-registration', `42.${Number(exp) + 3600}.${sig}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(new SignedLinks({ jwtSecret: 'y'.repeat(48) }).verify('cancel-registration', token)).toEqual({ ok: false, reason: 'invalid' });
    for (const bad of ['', '42', '42..', 'a.b.c', `${token}x`, `0.${exp}.${sig}`, `42.${exp}.${sig.slice(1)}`]) {
      expect(links.verify('cancel-registration', bad)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
