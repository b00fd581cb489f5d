import { Module } from '@nestjs/common';
import { MailOutbox } from './mail-outbox';

/** Mail (issue 22): the messages areas queue with their changes; the workers render and send them. */
@Module({ providers: [MailOutbox], exports: [MailOutbox] })
export class MailModule {}
