import type { MailTemplate } from '@shared/contracts/mail.contract';
import type { MailTemplateRenderer } from '../mail-renderer.types';
import { listaEsperaConfirmar, programaListaEsperaConfirmar } from './lista-espera-confirmar';
import { listaEsperaOferta, programaListaEsperaOferta } from './lista-espera-oferta';
import { programaEstadoCambiado, programaSolicitudRecibida } from './programa';

/** Templates of the contract (shared/contracts/mail.contract.ts, MailTemplateData) with their renderers. */
export type MailTemplateRenderers<K extends MailTemplate = MailTemplate> = { [T in K]: MailTemplateRenderer<T> };

/**
 * The templates mail renders itself: the waitlists' (external events and programs share their parts) and programs'
 * (whose rows the waitlists reuse). An area's own templates live in its folder (`<area>.mail.ts`) and come through
 * its registration (api/src/modules/index.ts, `mailTemplates`), which also checks that every template of the contract
 * has a renderer.
 */
export const MAIL_OWN_TEMPLATES = {
  'lista-espera.oferta': listaEsperaOferta,
  'programa.solicitud-recibida': programaSolicitudRecibida,
  'programa.estado-cambiado': programaEstadoCambiado,
  'programa.lista-espera-oferta': programaListaEsperaOferta,
  // A waitlist join is confirmed by its address first.
  'lista-espera.confirmar': listaEsperaConfirmar,
  'programa.lista-espera-confirmar': programaListaEsperaConfirmar,
} satisfies Partial<MailTemplateRenderers>;

/** Every renderer known to this process: mail's own, then each area's as the registration adds them. */
const RENDERERS = new Map<string, MailTemplateRenderer<MailTemplate>>(
  Object.entries(MAIL_OWN_TEMPLATES) as Array<[string, MailTemplateRenderer<MailTemplate>]>,
);

/** Adds an area's templates (the registration of areas does, as every process loads it); a template named twice fails. */
export function addMailTemplates(templates: Partial<MailTemplateRenderers>): void {
  for (const [name, renderer] of Object.entries(templates)) {
    if (RENDERERS.has(name)) throw new Error(`Mail template ${name} has two renderers`);
    RENDERERS.set(name, renderer as MailTemplateRenderer<MailTemplate>);
  }
}

/** The renderer of a template, or undefined for a name no one renders. */
export function mailTemplateRenderer(name: string): MailTemplateRenderer<MailTemplate> | undefined {
  return RENDERERS.get(name);
}
