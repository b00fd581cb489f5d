import { escapeHtml, oneLine, safeText } from './html';

/**
 * What a message says, as blocks: the layout writes each block twice, as HTML (escaped, inline styles, one
 * column) and as plain text, so the two parts never disagree and no template writes markup by hand.
 */
export type MailBlock =
  /** A paragraph. */
  | { kind: 'p'; text: string }
  /** Label/value rows (event, date, place…). */
  | { kind: 'details'; rows: Array<[label: string, value: string]> }
  /** A code shown large, with its QR (an inline image by cid; the code is always there as text). */
  | { kind: 'code'; label: string; code: string; qrCid?: string; qrAlt?: string }
  /** The message's action: a button in HTML, the label and the full address in text. */
  | { kind: 'button'; label: string; href: string }
  /** Small print below the rest. */
  | { kind: 'note'; text: string };

export interface MailContent {
  /** One line, shown in the inbox. */
  subject: string;
  /** The first words an inbox shows beside the subject (hidden in the body). */
  preheader: string;
  /** The heading of the message. */
  heading: string;
  blocks: MailBlock[];
}

export interface LayoutOptions {
  municipio: string;
  /** The public page where anyone files an ARCO request (every message's footer). */
  privacyUrl: string;
  /** Messages a person may stop (reminders): the page that adds their address to the suppression list. */
  unsubscribeUrl?: string;
}

/** Colors checked for WCAG AA: text #1f2933 on white 14.7:1; white on #0b4f6c 8.6:1; link #0b4f6c on white 8.6:1. */
const C = { text: '#1f2933', muted: '#3e4c59', brand: '#0b4f6c', border: '#cbd2d9', panel: '#f0f4f8', white: '#ffffff' };
const FONT = `font-family: Arial, Helvetica, sans-serif;`;

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'p':
      return `<p style="margin:0 0 16px;font-size:17px;line-height:1.5;color:${C.text};">${paragraphHtml(block.text)}</p>`;
    case 'details':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:8px 0;border-bottom:1px solid ${C.border};${FONT}font-size:16px;line-height:1.4;color:${C.muted};">` +
            `<strong style="display:block;color:${C.text};">${escapeHtml(oneLine(label))}</strong>${paragraphHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'code':
      return (
        `<div style="margin:0 0 20px;padding:16px;background:${C.panel};border:1px solid ${C.border};border-radius:8px;text-align:center;">` +
        `<p style="margin:0 0 8px;font-size:16px;color:${C.text};">${escapeHtml(oneLine(block.label))}</p>` +
        `<p style="margin:0 0 12px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',Courier,monospace;color:${C.text};">${escapeHtml(oneLine(block.code))}</p>` +
        (block.qrCid
          ? `<img src="cid:${escapeHtml(block.qrCid)}" width="180" height="180" alt="${escapeHtml(oneLine(block.qrAlt ?? `Código QR de ${block.code}`))}" style="display:block;margin:0 auto;width:180px;height:180px;border:0;">`
          : '') +
        `</div>`
      );
    case 'button':
      return (
        `<p style="margin:0 0 20px;"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:14px 22px;background:${C.brand};color:${C.white};` +
        `font-size:17px;font-weight:bold;text-decoration:none;border-radius:6px;">${escapeHtml(oneLine(block.label))}</a></p>` +
        `<p style="margin:0 0 20px;font-size:14px;line-height:1.4;color:${C.muted};">Si el botón no funciona, copia esta dirección en tu navegador: ` +
        `<a href="${escapeHtml(block.href)}" style="color:${C.brand};word-break:break-all;">${escapeHtml(block.href)}</a></p>`
      );
    case 'note':
      return `<p style="margin:0 0 12px;font-size:15px;line-height:1.5;color:${C.muted};">${paragraphHtml(block.text)}</p>`;
  }
}

function paragraphHtml(text: string): string {
  return escapeHtml(safeText(text)).replace(/\n/g, '<br>');
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'p':
    case 'note':
      return safeText(block.text);
    case 'details':
      return block.rows.map(([label, value]) => `${oneLine(label)}: ${safeText(value)}`).join('\n');
    case 'code':
      return `${oneLine(block.label)}: ${oneLine(block.code)}`;
    case 'button':
      return `${oneLine(block.label)}:\n${block.href}`;
  }
}

/** The one layout of every message: HTML (lang="es", one column, ≥16 px, readable without images) and text. */
export function renderLayout(content: MailContent, options: LayoutOptions): { subject: string; html: string; text: string } {
  const municipio = oneLine(options.municipio);
  const subject = oneLine(content.subject);
  const sender = `Gobierno Municipal de ${municipio}`;
  const html =
    `<!DOCTYPE html><html lang="es" dir="ltr"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${C.panel};${FONT}">` +
    `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(oneLine(content.preheader))}</div>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.panel};"><tr><td align="center" style="padding:16px 8px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${C.white};border:1px solid ${C.border};border-radius:8px;">` +
    `<tr><td style="padding:16px 20px;background:${C.brand};border-radius:8px 8px 0 0;${FONT}font-size:16px;font-weight:bold;color:${C.white};">${escapeHtml(sender)}</td></tr>` +
    `<tr><td style="padding:24px 20px 8px;${FONT}overflow-wrap:anywhere;word-break:break-word;">` +
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:${C.text};">${escapeHtml(oneLine(content.heading))}</h1>` +
    content.blocks.map(blockHtml).join('') +
    `</td></tr>` +
    `<tr><td style="padding:16px 20px;border-top:1px solid ${C.border};${FONT}font-size:14px;line-height:1.5;color:${C.muted};">` +
    `Este mensaje lo envió Aforo, la plataforma de eventos del ${escapeHtml(sender)}. Es un correo automático: no respondas a esta dirección.` +
    `<br>Tus datos personales: <a href="${escapeHtml(options.privacyUrl)}" style="color:${C.brand};">acceso, rectificación, cancelación u oposición (derechos ARCO)</a>.` +
    (options.unsubscribeUrl
      ? `<br><a href="${escapeHtml(options.unsubscribeUrl)}" style="color:${C.brand};">No quiero recibir más correos</a>.`
      : '') +
    `</td></tr></table></td></tr></table></body></html>`;
  const text = [
    sender,
    '',
    oneLine(content.heading),
    '',
    ...content.blocks.flatMap((b) => [blockText(b), '']),
    '--',
    `Este mensaje lo envió Aforo, la plataforma de eventos del ${sender}. Es un correo automático: no respondas a esta dirección.`,
    `Tus datos personales (derechos ARCO: acceso, rectificación, cancelación u oposición): ${options.privacyUrl}`,
    ...(options.unsubscribeUrl ? [`No quiero recibir más correos: ${options.unsubscribeUrl}`] : []),
    '',
  ].join('\n');
  return { subject, html, text };
}
