import type { OutboxStore } from '../outbox/outbox-store';
import { allMailers, outboxMailer, type Mailer } from './notification-mailer';
import { smtpMailer } from './smtp-mailer';

/** The app's notification mailer: the outbox, and SMTP_URL as well when it is set. */
export function notificationMailerOf(ctx: {
  outbox: OutboxStore;
  smtpUrl?: string | undefined;
  publicOrigin: string;
}): Mailer {
  const outbox = outboxMailer(ctx.outbox);
  return ctx.smtpUrl ? allMailers([outbox, smtpMailer(ctx.smtpUrl, ctx.publicOrigin)]) : outbox;
}
