import nodemailer from 'nodemailer';
import type { Mailer } from './notification-mailer';

const DEFAULT_MAIL_FROM = 'Ezy Rewards <no-reply@ezyrewards.example>';

/**
 * Notification e-mails through SMTP_URL (smtp://user:pass@host:port, smtps://… for TLS), sent with
 * nodemailer: SMTP is a protocol with many servers' quirks (STARTTLS, AUTH, pipelining), which a
 * well-kept library handles and a reference server should not re-implement.
 */
export function smtpMailer(smtpUrl: string, publicOrigin: string, from = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const absolute = (path: string) => `${publicOrigin.replace(/\/$/, '')}${path}`;
  return {
    send: async (mail) => {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body(absolute),
        headers: mail.headers,
      });
    },
  };
}
