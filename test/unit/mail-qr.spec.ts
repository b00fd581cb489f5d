import { crc32, inflateSync } from 'node:zlib';
import { create } from 'qrcode';
import { qrPng } from '../../api/src/modules/mail/render/qr';

/** Reads a 1-bit greyscale, unfiltered, non-interlaced PNG back into pixels (true = black), checking every CRC. */
function readPng(png: Buffer): { width: number; height: number; black: (x: number, y: number) => boolean } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let at = 8;
  let ihdr: Buffer | undefined;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    expect(png.readUInt32BE(at + 8 + len)).toBe(crc32(png.subarray(at + 4, at + 8 + len)));
    types.push(type);
    if (type === 'IHDR') ihdr = data;
    if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  const width = ihdr!.readUInt32BE(0);
  const height = ihdr!.readUInt32BE(4);
  expect([...ihdr!.subarray(8)]).toEqual([1, 0, 0, 0, 0]);
  const raw = inflateSync(Buffer.concat(idat));
  const rowBytes = 1 + Math.ceil(width / 8);
  expect(raw.length).toBe(rowBytes * height);
  for (let y = 0; y < height; y += 1) expect(raw[y * rowBytes]).toBe(0);
  return { width, height, black: (x, y) => (raw[y * rowBytes + 1 + (x >> 3)] & (0x80 >> (x & 7))) === 0 };
}

describe('the QR of a mail: a small black-and-white PNG with exactly the symbol’s modules', () => {
  it.each([
    ['a door code', 'K7P2Q'],
    ['an invitation link', 'https://eventos.monterrey.gob.mx/evento-interno/informe-anual-de-actividades?codigo=AB3CD'],
  ])('%s: every pixel is its module (scale 8, quiet zone 2), white around', (_what, text) => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const png = readPng(qrPng(text));
    const side = (modules.size + 4) * 8;
    expect([png.width, png.height]).toEqual([side, side]);
    const wrong: string[] = [];
    for (let y = 0; y < side; y += 1) {
      for (let x = 0; x < side; x += 1) {
        const mx = Math.floor(x / 8) - 2;
        const my = Math.floor(y / 8) - 2;
        const inside = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size;
        if (png.black(x, y) !== (inside && !!modules.get(my, mx))) wrong.push(`${x},${y}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is deterministic (a resend is the same message) and small', () => {
    expect(qrPng('K7P2Q').equals(qrPng('K7P2Q'))).toBe(true);
    expect(qrPng('K7P2Q').length).toBeLessThan(2048);
  });
});
