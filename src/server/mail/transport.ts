import nodemailer from 'nodemailer';

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

export const createSmtpTransport = (smtpUrl: string): MailTransport => {
  const transporter = nodemailer.createTransport(smtpUrl, {});
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
};
