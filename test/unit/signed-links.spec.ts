import { createHmac } from 'node:crypto';
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
    const [kid, , exp, sig] = token.split('.');
    expect(links.verify('accept-waitlist-offer', token)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.verify('cancel-registration', `${kid}.43.${exp}.${sig}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(links.verify('cancel-registration', `${kid}.42.${Number(exp) + 3600}.${sig}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(new SignedLinks({ jwtSecret: 'y'.repeat(48) }).verify('cancel-registration', token)).toEqual({ ok: false, reason: 'invalid' });
    for (const bad of ['', '42', '42..', 'a.b.c', `${token}x`, `${kid}.0.${exp}.${sig}`, `${kid}.42.${exp}.${sig.slice(1)}`]) {
      expect(links.verify('cancel-registration', bad)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  describe('key rotation: JWT_SECRET_PREVIOUS keeps the links already mailed working', () => {
    const OLD = 'viejo-'.repeat(8);
    const NEW = 'nuevo-'.repeat(8);
    const before = new SignedLinks({ jwtSecret: OLD });
    const rotated = new SignedLinks({ jwtSecret: NEW, jwtSecretPrevious: OLD });
    const forgotten = new SignedLinks({ jwtSecret: NEW, jwtSecretPrevious: null });

    it('each token names the key that signed it; new links are signed with the current key only', () => {
      const old = before.sign('cancel-registration', 7, inAnHour);
      const fresh = rotated.sign('cancel-registration', 7, inAnHour);
      expect(old.split('.')).toHaveLength(4);
      expect(fresh.split('.')[0]).not.toBe(old.split('.')[0]);
      expect(fresh).toBe(forgotten.sign('cancel-registration', 7, inAnHour));
      // A link of the new key is unknown to a process still on the old one (deploy every process together).
      expect(before.verify('cancel-registration', fresh)).toEqual({ ok: false, reason: 'invalid' });
    });

    it('a link signed with the old secret works after the rotation while the previous key is configured, and is refused once it is not', () => {
      const old = before.sign('accept-waitlist-offer', 9, inAnHour);
      expect(rotated.verify('accept-waitlist-offer', old)).toMatchObject({ ok: true, id: 9 });
      expect(forgotten.verify('accept-waitlist-offer', old)).toEqual({ ok: false, reason: 'invalid' });
      // Still bound to its purpose and expiry under the previous key.
      expect(rotated.verify('cancel-registration', old)).toEqual({ ok: false, reason: 'invalid' });
      expect(rotated.verify('accept-waitlist-offer', old, new Date(inAnHour.getTime() + 1000))).toEqual({ ok: false, reason: 'expired' });
      // The kid only chooses the key: a new token's signature under the old kid is not accepted.
      const [oldKid] = old.split('.');
      const [, id, exp, sig] = rotated.sign('accept-waitlist-offer', 9, inAnHour).split('.');
      expect(rotated.verify('accept-waitlist-offer', `${oldKid}.${id}.${exp}.${sig}`)).toEqual({ ok: false, reason: 'invalid' });
    });

    it('a token of the first version (no key id, mailed before keys had one) is checked against each configured key', () => {
      const exp = Math.floor(inAnHour.getTime() / 1000);
      const firstVersion = (secret: string) => {
        const key = createHmac('sha256', secret).update('aforo:signed-links:v1').digest();
        return `5.${exp}.${createHmac('sha256', key).update(`cancel-registration:5:${exp}`).digest('base64url')}`;
      };
      expect(before.verify('cancel-registration', firstVersion(OLD))).toMatchObject({ ok: true, id: 5 });
      expect(rotated.verify('cancel-registration', firstVersion(OLD))).toMatchObject({ ok: true, id: 5 });
      expect(rotated.verify('cancel-registration', firstVersion(NEW))).toMatchObject({ ok: true, id: 5 });
      expect(forgotten.verify('cancel-registration', firstVersion(OLD))).toEqual({ ok: false, reason: 'invalid' });
    });
  });
});
