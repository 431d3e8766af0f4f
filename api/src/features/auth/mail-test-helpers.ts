import type { ReceivedMail, TestMailbox } from '../../test/test-mailbox.js';

/** The `n`th mail (1-based) to `to` whose subject matches, once it has arrived. */
export async function nthMail(mailbox: TestMailbox, to: string, subject: RegExp, n: number, timeoutMs = 5_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailbox.received.filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    const mail = mails[n - 1];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`mail ${n} to ${to} matching ${subject} not there within ${timeoutMs} ms (${mails.length} arrived)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Mails to `to` received so far. */
export const mailsTo = (mailbox: TestMailbox, to: string): ReceivedMail[] => mailbox.received.filter((m) => m.to.includes(to.toLowerCase()));

/** The mail's link to a site page (verify-email, reset-password...), which must stand alone on its line. */
export function linkTo(mail: ReceivedMail, page: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.endsWith(`/${page}`));
  if (!link) throw new Error(`no link to ${page} in: ${mail.text}`);
  if (!mail.text.split('\n').includes(link)) throw new Error(`the link to ${page} does not stand on a line of its own: ${mail.text}`);
  return link;
}

export const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';
