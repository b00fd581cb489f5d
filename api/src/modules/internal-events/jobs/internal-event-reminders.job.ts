import { Injectable } from '@nestjs/common';
import { remindersJob } from '../../mail/reminders';
import { InvitationsRepository } from '../invitations.repository';

/**
 * internal-events.reminders (scheduled): the day-before reminder of every confirmed invitee of a confirmed event
 * starting within 24 h — one statement; the key `recordatorio:evento-interno:<event>:<persona>` makes each once.
 */
@Injectable()
export class InternalEventRemindersJob extends remindersJob('internal-events.reminders', 'Internal events', InvitationsRepository) {}
