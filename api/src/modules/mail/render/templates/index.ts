import type { MailTemplate } from '@shared/contracts/mail.contract';
import type { MailTemplateRenderer } from '../mail-renderer.types';
import { listaEsperaOferta } from './lista-espera-oferta';
import { registroConfirmacion } from './registro-confirmacion';

/**
 * Every template of the contract (shared/contracts/mail.contract.ts) and its renderer: the type makes a
 * template added to the contract without a renderer a compile error. One file per template beside this one.
 */
export const MAIL_TEMPLATES: { [T in MailTemplate]: MailTemplateRenderer<T> } = {
  'registro.confirmacion': registroConfirmacion,
  'lista-espera.oferta': listaEsperaOferta,
};
