import { writeFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { apiToken, bearer, uniqueEmail } from '../setup/browser';
import { createEventViaApi, registerViaApi } from './external-events-helpers';

/** The codes of an external event's registrations, by e-mail (upper case, as the board keeps them). */
export async function registrationCodes(request: APIRequestContext, token: string, eventId: number): Promise<Map<string, string>> {
  const res = await request.get(`/api/eventos-externos/${eventId}/registrations`, { headers: bearer(token) });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { registrations } = (await res.json()) as { registrations: Array<{ email: string; codigo: string }> };
  return new Map(registrations.map((r) => [r.email.toUpperCase(), r.codigo]));
}

/** A new external event with one person registered: the event, a token to manage it and the person's code. */
export async function eventWithOnePerson(
  request: APIRequestContext,
  title: string,
  person: { nombre: string; apellido_paterno: string; apellido_materno: string },
) {
  const token = await apiToken(request);
  const event = await createEventViaApi(request, token, { title: `${title} ${Date.now()}` });
  const email = uniqueEmail(person.nombre.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
  await registerViaApi(request, event.slug, { ...person, email });
  const code = (await registrationCodes(request, token, event.id)).get(email.toUpperCase())!;
  return { token, event, code };
}

export async function occupancyOf(request: APIRequestContext, token: string, kind: 'externos' | 'internos', eventId: number) {
  const res = await request.get(`/api/eventos-${kind}/${eventId}/occupancy`, { headers: bearer(token) });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { inside: number; capacity: number | null; gates: Array<{ gate: string; in: number; out: number }> };
}

/** The gate form a device shows the first time: this device stands at `gate`. */
export async function chooseGate(page: Page, gate: string): Promise<void> {
  await page.getByTestId('door-gate-input').fill(gate);
  await page.getByTestId('door-gate-save').click();
  await expect(page.getByTestId('door-gate')).toHaveText(gate);
}

/** Types a code at the door and waits for its answer (a new one: the history grows by one). */
export async function typeCode(page: Page, code: string): Promise<void> {
  const before = await page.getByTestId('door-history-entry').count();
  await page.getByTestId('door-code').fill(code);
  await page.getByTestId('door-submit').click();
  await expect(page.getByTestId('door-history-entry')).toHaveCount(before + 1);
}

/**
 * A camera that films a QR: a YUV4MPEG2 file (the format Chromium's --use-file-for-fake-video-capture plays, looped)
 * of a few grey frames with `text` as a QR code, written by hand from the `qrcode` package's modules. 320 × 240, 4:2:0.
 */
export function writeQrVideo(text: string, file: string): void {
  const width = 320;
  const height = 240;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (modules.size + 2 * quiet));
  const side = (modules.size + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (!modules.get(r, c)) continue;
      for (let y = 0; y < scale; y++) {
        const row = top + (quiet + r) * scale + y;
        luma.fill(0, row * width + left + (quiet + c) * scale, row * width + left + (quiet + c + 1) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}
