import type { MailEventSnapshot, MailProgramSnapshot } from '@shared/contracts/mail.contract';
import type { MailBlock } from '../layout';
import type { MailRenderContext } from '../mail-renderer.types';
import { eventRows, requireText } from '../template-helpers';
import { programRows } from './programa';

/** What a waitlist's messages (the join, the offer) say of what the line waits for: its title, its words, its rows. */
export interface WaitlistSubject {
  titulo: string;
  de: 'este evento' | 'este programa';
  rows: MailBlock;
}

/** An external event's waitlist. */
export const eventSubject = (evento: MailEventSnapshot, ctx: MailRenderContext): WaitlistSubject => ({
  titulo: requireText(evento?.titulo, 'evento.titulo'),
  de: 'este evento',
  rows: eventRows(evento, ctx),
});

/** A program's waitlist. */
export const programSubject = (programa: MailProgramSnapshot, ctx: MailRenderContext): WaitlistSubject => ({
  titulo: requireText(programa?.nombre, 'programa.nombre'),
  de: 'este programa',
  rows: programRows(programa, ctx),
});
