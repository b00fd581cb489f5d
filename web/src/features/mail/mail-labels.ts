import type { CorreoResponse, MailRefType } from '@shared/contracts/mail.contract';

export const REF_TYPE_LABELS: Record<MailRefType, string> = {
  'evento-externo': 'Evento externo',
  'evento-interno': 'Evento interno',
  programa: 'Programa',
};

/** What a message is, in words: the template's name as the staff would say it. */
export const TEMPLATE_LABELS: Record<string, string> = {
  'registro.confirmacion': 'Confirmación de registro',
  'lista-espera.oferta': 'Oferta de lugar (lista de espera)',
  'lista-espera.confirmar': 'Confirmar lista de espera',
  'programa.lista-espera-confirmar': 'Confirmar lista de espera (programa)',
  'programa.solicitud-recibida': 'Solicitud recibida (programa)',
};

export function templateLabel(template: string): string {
  return TEMPLATE_LABELS[template] ?? template;
}

export function recipientLabel(c: Pick<CorreoResponse, 'to_name' | 'to_email'>): string {
  return c.to_name ? `${c.to_name} <${c.to_email}>` : c.to_email;
}

/** The value of the 'por evento' select for a ref ('' = all). */
export const refValue = (ref: { type: MailRefType; id: number } | null) => (ref ? `${ref.type}:${ref.id}` : '');
