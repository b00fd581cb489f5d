import type { MailProgramSnapshot } from '@shared/contracts/mail.contract';
import type { MailBlock } from '../layout';
import type { MailRenderContext, MailTemplateRenderer } from '../mail-renderer.types';
import { requireDate, requireId, requireText } from '../template-helpers';

/** The public page of a program (its slug: no personal data). */
export function programUrl(ctx: MailRenderContext, slug: string): string {
  return `${ctx.publicUrl}/programas/${encodeURIComponent(slug)}`;
}

/** The program as its messages show it: its name, its dates (a program with dates) and its place. */
export function programRows(p: MailProgramSnapshot, ctx: MailRenderContext): MailBlock {
  const rows: Array<[string, string]> = [['Programa', requireText(p?.nombre, 'programa.nombre')]];
  if (p.fecha_inicio) {
    const inicio = requireDate(p.fecha_inicio, 'programa.fecha_inicio');
    const fin = p.fecha_fin ? requireDate(p.fecha_fin, 'programa.fecha_fin') : null;
    rows.push(['Fechas', fin ? `Del ${ctx.date(inicio)} al ${ctx.date(fin)}` : `Desde el ${ctx.date(inicio)}`]);
  }
  if (p.ubicacion?.trim()) rows.push(['Lugar', p.ubicacion]);
  return { kind: 'details', rows };
}

/** An application to a program was received. */
export const programaSolicitudRecibida: MailTemplateRenderer<'programa.solicitud-recibida'> = (data, ctx) => {
  requireId(data.registro_id, 'registro_id');
  const nombre = requireText(data.nombre, 'nombre');
  const programa = requireText(data.programa?.nombre, 'programa.nombre');
  return {
    content: {
      subject: `Recibimos tu solicitud: ${programa}`,
      preheader: `Tu solicitud para ${programa} está en revisión.`,
      heading: 'Recibimos tu solicitud',
      blocks: [
        { kind: 'p', text: `Hola, ${nombre}. Recibimos tu solicitud para este programa:` },
        programRows(data.programa, ctx),
        { kind: 'p', text: 'Su estado es pendiente: te escribiremos cuando sea confirmada o cancelada.' },
        { kind: 'note', text: `Información del programa: ${programUrl(ctx, requireText(data.programa.slug, 'programa.slug'))}` },
      ],
    },
  };
};

/** Staff set an application to confirmado or cancelado. */
export const programaEstadoCambiado: MailTemplateRenderer<'programa.estado-cambiado'> = (data, ctx) => {
  requireId(data.registro_id, 'registro_id');
  const nombre = requireText(data.nombre, 'nombre');
  const programa = requireText(data.programa?.nombre, 'programa.nombre');
  const confirmado = data.estado === 'confirmado';
  if (!confirmado && data.estado !== 'cancelado') requireText(undefined, 'estado');
  return {
    content: {
      subject: `${confirmado ? 'Tu solicitud fue confirmada' : 'Tu solicitud fue cancelada'}: ${programa}`,
      preheader: confirmado ? `Tienes un lugar en ${programa}.` : `Tu solicitud para ${programa} fue cancelada.`,
      heading: confirmado ? 'Tu solicitud fue confirmada' : 'Tu solicitud fue cancelada',
      blocks: [
        {
          kind: 'p',
          text: confirmado
            ? `Hola, ${nombre}. Tu solicitud fue confirmada: tienes un lugar en este programa.`
            : `Hola, ${nombre}. Tu solicitud para este programa fue cancelada.`,
        },
        programRows(data.programa, ctx),
        confirmado
          ? { kind: 'p', text: 'El personal del programa te indicará los siguientes pasos.' }
          : { kind: 'p', text: `Si crees que se trata de un error, comunícate con el Gobierno Municipal de ${ctx.municipio}.` },
        { kind: 'note', text: `Información del programa: ${programUrl(ctx, requireText(data.programa.slug, 'programa.slug'))}` },
      ],
    },
  };
};
