import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../lazy-modules';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  messageId: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
}

/** SMTP through nodemailer, loaded with the first message sent (lazy-modules.ts). */
export const createSmtpTransport = (smtpUrl: string): MailTransport => {
  let transporter: Promise<Transporter> | undefined;
  const ready = () =>
    (transporter ??= loadNodemailer().then((nodemailer) => {
      const made = nodemailer.createTransport(smtpUrl, {});
      // A pooled URL (?pool=true) emits a dropped connection as 'error'; each send already fails on its own, and the
      // outbox retries it, so the event needs a listener only so that it cannot end the process.
      made.on('error', () => undefined);
      return made;
    }));
  return {
    send: async (mail) => {
      await (await ready()).sendMail(mail);
    },
    close: () => {
      void transporter?.then((made) => made.close());
    },
  };
};
