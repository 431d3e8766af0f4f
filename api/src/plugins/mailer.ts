import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Sends one mail. Never throws: a mail server being down must not undo what the request did (the account
   * is made, the product hidden); the failure is logged and the result says whether the mail left.
   */
  send(mail: Mail): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Mail through nodemailer: SMTP when MAIL_URL is set, else .eml files in the outbox folder (the embedded default). */
export const mailerPlugin = fp(
  async (app) => {
    const { mailUrl, mailOutbox, mailFrom } = app.config;
    const transport: Transporter = mailUrl
      ? nodemailer.createTransport(mailUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    let sent = 0;

    const send = async (mail: Mail): Promise<boolean> => {
      try {
        const info = await transport.sendMail({ from: mailFrom, ...mail });
        if (!mailUrl) {
          await mkdir(mailOutbox, { recursive: true });
          // Sortable by time, unique within the process.
          const file = join(mailOutbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++sent}.eml`);
          await writeFile(file, info.message as Buffer);
          app.log.info({ file, to: mail.to }, 'mail written to the outbox');
        }
        return true;
      } catch (error) {
        app.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail not sent');
        return false;
      }
    };

    app.decorate('mailer', { send });
    app.addHook('onClose', async () => transport.close());
  },
  { name: 'mailer', dependencies: ['config'] },
);
