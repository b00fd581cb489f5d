import { toBuffer } from 'qrcode';
import type { MailAttachment } from './mail-renderer.types';

/**
 * A QR of a code as an inline PNG attachment (referenced from the HTML by `cid:`): the door scans it, and the
 * code is always written beside it as text (a reader without images, a screen reader). Deterministic: the
 * same code gives the same bytes (a resend is the same message).
 */
export async function qrAttachment(code: string, cid: string): Promise<MailAttachment> {
  const content = await toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 });
  return { filename: 'codigo-qr.png', content, contentType: 'image/png', cid, inline: true };
}
