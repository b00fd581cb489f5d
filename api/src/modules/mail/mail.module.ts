import { Module } from '@nestjs/common';
import { MailOutbox } from './mail-outbox';
import { MailRenderer } from './render/mail-renderer';

/** Mail (issue 22): the messages areas queue with their changes; the workers render and send them. */
@Module({ providers: [MailOutbox, MailRenderer], exports: [MailOutbox, MailRenderer] })
export class MailModule {}
