import type { MailTemplate } from '@shared/contracts/mail.contract';
import type { MailTemplateRenderer } from '../mail-renderer.types';
import { listaEsperaConfirmar, programaListaEsperaConfirmar } from './lista-espera-confirmar';
import { eventoInternoInvitacion, eventoInternoRecordatorio } from './evento-interno';
import { listaEsperaOferta, programaListaEsperaOferta } from './lista-espera-oferta';
import { privacidadConfirmar, privacidadRecordatorio, privacidadRespuesta } from './privacidad';
import { programaEstadoCambiado, programaSolicitudRecibida } from './programa';
import { registroConfirmacion } from './registro-confirmacion';
import { registroRecordatorio } from './registro-recordatorio';

/**
 * Every template of the contract (shared/contracts/mail.contract.ts) and its renderer: the type makes a
 * template added to the contract without a renderer a compile error. One file per template beside this one.
 */
export const MAIL_TEMPLATES: { [T in MailTemplate]: MailTemplateRenderer<T> } = {
  'registro.confirmacion': registroConfirmacion,
  'lista-espera.oferta': listaEsperaOferta,
  // The areas' own messages: programs, internal events' invitations, the day-before reminders.
  'programa.solicitud-recibida': programaSolicitudRecibida,
  'programa.estado-cambiado': programaEstadoCambiado,
  'programa.lista-espera-oferta': programaListaEsperaOferta,
  'evento-interno.invitacion': eventoInternoInvitacion,
  'evento-interno.recordatorio': eventoInternoRecordatorio,
  'registro.recordatorio': registroRecordatorio,
  // A waitlist join is confirmed by its address first.
  'lista-espera.confirmar': listaEsperaConfirmar,
  'programa.lista-espera-confirmar': programaListaEsperaConfirmar,
  // Privacy: an ARCO request's proof of address and its answer (docs/decisions/privacidad.md).
  'privacidad.confirmar': privacidadConfirmar,
  'privacidad.respuesta': privacidadRespuesta,
  'privacidad.recordatorio': privacidadRecordatorio,
};
