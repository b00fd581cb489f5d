import { Injectable } from '@nestjs/common';
import { remindersJob } from '../../mail/reminders';
import { ExternalRemindersRepository } from '../reminders.repository';

/**
 * external-events.reminders (scheduled): the day-before reminder of every registration holding a place in a
 * published event starting within 24 h — one statement; the key `recordatorio:evento-externo:<id>` makes each once.
 */
@Injectable()
export class RegistrationRemindersJob extends remindersJob('external-events.reminders', 'External events', ExternalRemindersRepository) {}
