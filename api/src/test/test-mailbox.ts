import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
}

/** A real SMTP server on a free port that keeps what it receives: the API sends to it through MAIL_URL. */
export interface TestMailbox {
  /** smtp://127.0.0.1:<port>, for the app's mailUrl. */
  url: string;
  received: ReceivedMail[];
  /** The first mail to `to` whose subject matches, once it has arrived (polls; fails after `timeoutMs`). */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const addresses = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ''));

export async function startTestMailbox(): Promise<TestMailbox> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const text = mail.text ?? '';
          received.push({
            to: addresses(mail),
            subject: mail.subject ?? '',
            text,
            html: typeof mail.html === 'string' ? mail.html : '',
            links: text.match(/https?:\/\/[^\s<>"')]+/g) ?? [],
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, subject, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms (got: ${received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none'})`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
