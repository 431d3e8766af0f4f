import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { readStack } from '../harness/stack.ts';

/** A mail the site sent, as the suites read it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** Every http(s) link of the text part, in order. */
  links: string[];
}

const recipients = (to: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(to) ? to : to ? [to] : []).flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ''));

/**
 * A real SMTP server for the run, in the runner process: the API sends to it through MAIL_URL and each mail it
 * receives is written as a JSON file to `dir`, where tests (in worker processes) read it.
 */
export async function startMailbox(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const text = mail.text ?? '';
          const parsed: ReceivedMail = { to: recipients(mail.to), subject: mail.subject ?? '', text, links: text.match(/https?:\/\/[^\s<>"')]+/g) ?? [] };
          writeFileSync(join(dir, `${String(++received).padStart(5, '0')}.json`), JSON.stringify(parsed));
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function mailsTo(address: string): ReceivedMail[] {
  const dir = readStack().mailDir;
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** The latest mail to `address` whose subject matches, once it has arrived. */
export async function receivedMail(address: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => {
      found = mailsTo(address).filter((mail) => subject.test(mail.subject)).at(-1);
      return found !== undefined;
    }, { message: `a mail to ${address} matching ${subject}`, timeout: 10_000 })
    .toBe(true);
  if (!found) throw new Error(`no mail to ${address} matching ${subject}`);
  return found;
}

/** The first link of a mail that leads to the site's `path` (e.g. /verify-email), as a path the browser can open. */
export function linkTo(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((href) => new URL(href).pathname.endsWith(path));
  if (!link) throw new Error(`no link to ${path} in "${mail.subject}": ${mail.links.join(', ')}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
