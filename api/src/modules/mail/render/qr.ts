import { crc32, deflateSync } from 'node:zlib';
import { create } from 'qrcode';
import type { MailAttachment } from './mail-renderer.types';

/** Pixels per module and the quiet zone (modules of white around the symbol). */
const QR_SCALE = 8;
const QR_MARGIN = 2;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * A QR symbol as a black-and-white PNG: 1 bit per pixel, no row filters. qrcode's own PNG renderer (pngjs) paints
 * 32-bit RGBA and tries five filters on every row; that was 40 % of the workers' time while sending invitations
 * (docs/benchmarks.md, bench:mail). Same pixels, a fraction of the work. Deterministic: same text, same bytes.
 */
export function qrPng(text: string, { scale = QR_SCALE, margin = QR_MARGIN } = {}): Buffer {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const side = (size + 2 * margin) * scale;
  const rowBytes = 1 + Math.ceil(side / 8); // the filter byte (0: none), then the pixels, 1 = white
  const raw = Buffer.alloc(rowBytes * side, 0xff);
  const row = Buffer.alloc(rowBytes);
  for (let my = -margin; my < size + margin; my += 1) {
    row.fill(0xff);
    row[0] = 0;
    if (my >= 0 && my < size) {
      for (let mx = 0; mx < size; mx += 1) {
        if (!modules.get(my, mx)) continue;
        for (let px = (mx + margin) * scale, end = px + scale; px < end; px += 1) row[1 + (px >> 3)] &= ~(0x80 >> (px & 7));
      }
    }
    for (let k = 0, y = (my + margin) * scale; k < scale; k += 1, y += 1) row.copy(raw, y * rowBytes);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering method, no interlace
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A QR of a code as an inline PNG attachment (referenced from the HTML by `cid:`): the door scans it, and the
 * code is always written beside it as text (a reader without images, a screen reader).
 */
export function qrAttachment(code: string, cid: string): MailAttachment {
  return { filename: 'codigo-qr.png', content: qrPng(code), contentType: 'image/png', cid, inline: true };
}
