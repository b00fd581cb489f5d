import { signedLinkPath } from '@shared/contracts/links.contract';
import { ARCO_TYPE_LABELS, type ArcoType } from '@shared/contracts/privacy.contract';
import type { MailBlock } from '../../mail/render/layout';
import type { MailTemplateRenderer, TemplateOutput } from '../../mail/render/mail-renderer.types';
import { requireDate, requireId, requireText } from '../../mail/render/template-helpers';

const typeLabel = (tipo: string) => ARCO_TYPE_LABELS[tipo as ArcoType] ?? tipo;

/** The link that proves the address of an ARCO request: staff see the request only after it. */
export const privacidadConfirmar: MailTemplateRenderer<'privacidad.confirmar'> = (data, ctx): TemplateOutput => {
  const id = requireId(data.solicitud_id, 'solicitud_id');
  const hasta = requireDate(data.confirmar_hasta, 'confirmar_hasta');
  const folio = requireText(data.folio, 'folio');
  const url = `${ctx.publicUrl}${signedLinkPath('confirm-arco-request', ctx.sign('confirm-arco-request', id, hasta))}`;
  return {
    content: {
      subject: `Confirma tu solicitud de ${typeLabel(data.tipo).toLowerCase()} de datos personales`,
      preheader: `Folio ${folio}. Confirma tu correo para que atendamos tu solicitud.`,
      heading: 'Confirma tu solicitud',
      blocks: [
        {
          kind: 'p',
          text: `Hola, ${requireText(data.nombre, 'nombre')}. Recibimos una solicitud de ${typeLabel(data.tipo).toLowerCase()} (derechos ARCO) para esta dirección de correo.`,
        },
        {
          kind: 'details',
          rows: [
            ['Folio', folio],
            ['Tipo de solicitud', typeLabel(data.tipo)],
          ],
        },
        {
          kind: 'p',
          text: 'Para atenderla necesitamos confirmar que esta dirección es tuya. El plazo legal de respuesta corre desde que la confirmes.',
        },
        { kind: 'button', label: 'Confirmar mi solicitud', href: url },
        {
          kind: 'note',
          text: `El enlace vence el ${ctx.dateTime(hasta)}. Si no hiciste esta solicitud, ignora este correo: sin confirmación no se atiende y se borra.`,
        },
      ],
    },
  };
};

/** The answer to an ARCO request (LGPDPPSO art. 51); an access request's answer carries its export's links. */
export const privacidadRespuesta: MailTemplateRenderer<'privacidad.respuesta'> = (data, ctx): TemplateOutput => {
  const id = requireId(data.solicitud_id, 'solicitud_id');
  const folio = requireText(data.folio, 'folio');
  const procedente = data.resultado === 'procedente';
  const blocks: MailBlock[] = [
    {
      kind: 'p',
      text: `Hola, ${requireText(data.nombre, 'nombre')}. Respondemos tu solicitud de ${typeLabel(data.tipo).toLowerCase()} de datos personales.`,
    },
    {
      kind: 'details',
      rows: [
        ['Folio', folio],
        ['Tipo de solicitud', typeLabel(data.tipo)],
        ['Resultado', procedente ? 'Procedente: atendida' : 'Improcedente'],
      ],
    },
  ];
  if (data.respuesta?.trim()) blocks.push({ kind: 'p', text: data.respuesta.trim() });
  if (procedente && data.exportacion_hasta) {
    const hasta = requireDate(data.exportacion_hasta, 'exportacion_hasta');
    const token = ctx.sign('download-arco-export', id, hasta);
    blocks.push(
      {
        kind: 'p',
        text: 'Preparamos un archivo con todos los datos que tenemos asociados a tu correo: registros, listas de espera, solicitudes, la base de personas y los correos enviados.',
      },
      {
        kind: 'button',
        label: 'Descargar mis datos (página legible)',
        href: `${ctx.publicUrl}${signedLinkPath('download-arco-export', token)}?formato=html`,
      },
      {
        kind: 'p',
        text: `También en formato de datos (JSON): ${ctx.publicUrl}${signedLinkPath('download-arco-export', token)}?formato=json`,
      },
      { kind: 'note', text: `Los enlaces vencen el ${ctx.dateTime(hasta)}; después el archivo se borra.` },
    );
  } else if (procedente && data.tipo === 'oposicion') {
    blocks.push({
      kind: 'p',
      text: 'A partir de ahora no enviaremos más correos a esta dirección, salvo la respuesta a una solicitud de derechos ARCO que tú hagas.',
    });
  } else if (procedente && data.tipo === 'cancelacion') {
    blocks.push({
      kind: 'p',
      text: 'Tus datos personales fueron suprimidos de nuestros registros; solo se conservan las cifras estadísticas, sin datos que te identifiquen.',
    });
  }
  if (!procedente) {
    blocks.push({
      kind: 'note',
      text: 'Si no estás de acuerdo con esta respuesta puedes interponer un recurso de revisión ante el organismo garante de transparencia o ante la Unidad de Transparencia del municipio.',
    });
  }
  return {
    content: {
      subject: `Respuesta a tu solicitud de ${typeLabel(data.tipo).toLowerCase()} (folio ${folio})`,
      preheader: procedente ? 'Tu solicitud fue atendida.' : 'Tu solicitud no procede; te explicamos por qué.',
      heading: 'Respuesta a tu solicitud',
      blocks,
    },
  };
};

/** To staff with privacidad rights: a request is close to its legal due date (the queue 'Solicitudes ARCO'). */
export const privacidadRecordatorio: MailTemplateRenderer<'privacidad.recordatorio'> = (data, ctx): TemplateOutput => {
  const folio = requireText(data.folio, 'folio');
  const dias = Number(data.dias_habiles_restantes);
  const vence = requireText(data.fecha_limite, 'fecha_limite');
  return {
    content: {
      subject: `Solicitud ARCO ${folio}: ${dias <= 0 ? 'vence hoy o está vencida' : `vence en ${dias} día${dias === 1 ? '' : 's'} hábil${dias === 1 ? '' : 'es'}`}`,
      preheader: `Fecha límite de respuesta: ${vence}.`,
      heading: 'Solicitud ARCO por vencer',
      blocks: [
        { kind: 'p', text: 'Una solicitud de derechos ARCO está cerca de su fecha límite de respuesta (LGPDPPSO, art. 51).' },
        {
          kind: 'details',
          rows: [
            ['Folio', folio],
            ['Tipo', typeLabel(data.tipo)],
            ['Fecha límite', vence],
            ['Días hábiles restantes', String(dias)],
          ],
        },
        { kind: 'button', label: 'Abrir Solicitudes ARCO', href: `${ctx.publicUrl}/solicitudes-arco` },
      ],
    },
  };
};
