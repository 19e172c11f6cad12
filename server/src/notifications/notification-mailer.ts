import type { OutboxStore } from '../outbox/outbox-store';

/** One notification e-mail, ready to go: plain text and its extra headers. */
interface NotificationMail {
  to: string;
  subject: string;
  /** The text, given a function that makes a site path absolute on the public origin. */
  body: (link: (path: string) => string) => string;
  /** Site paths the text links to (the outbox lists them for tests). */
  paths: string[];
  headers: Record<string, string>;
}

/** Where notification e-mails go: the dev outbox by default, SMTP when SMTP_URL is set (smtp-mailer.ts). */
export interface Mailer {
  send(mail: NotificationMail, now: number): Promise<void>;
}

/** The development outbox (GET /dev/outbox), which keeps the headers for tests to read. */
export function outboxMailer(outbox: OutboxStore): Mailer {
  return {
    send: async (mail, now) => outbox.send(mail, now),
  };
}

/** Every mailer in turn: with SMTP set, the outbox still keeps a copy a test or a demo can read. */
export function allMailers(mailers: readonly Mailer[]): Mailer {
  return {
    send: async (mail, now) => {
      for (const mailer of mailers) await mailer.send(mail, now);
    },
  };
}
