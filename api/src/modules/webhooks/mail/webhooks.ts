import type { MailTemplateRenderer, TemplateOutput } from '../../mail/render/mail-renderer.types';
import { requireId, requireText } from '../../mail/render/template-helpers';

/** To the owner of a webhook the workers stopped: paused after failures in a row, or disabled by a 410. */
export const webhooksDetenido: MailTemplateRenderer<'webhooks.detenido'> = (data, ctx): TemplateOutput => {
  const id = requireId(data.webhook_id, 'webhook_id');
  const url = requireText(data.url, 'url');
  const pausado = data.estado === 'pausado';
  return {
    content: {
      subject: pausado ? 'Un webhook se pausó por fallas seguidas' : 'Un webhook se deshabilitó: el receptor ya no existe',
      preheader: url,
      heading: pausado ? 'Webhook pausado' : 'Webhook deshabilitado',
      blocks: [
        { kind: 'p', text: requireText(data.motivo, 'motivo') },
        {
          kind: 'details',
          rows: [
            ['Webhook', `#${id}`],
            ['URL', url],
          ],
        },
        {
          kind: 'p',
          text: 'Los eventos siguen guardándose: cuando el receptor esté listo, actívalo de nuevo y se entregan en orden los de los últimos tres días.',
        },
        { kind: 'button', label: 'Abrir Webhooks', href: `${ctx.publicUrl}/webhooks` },
      ],
    },
  };
};
