import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage } from '../../../mail/localized.js';
import { mailTexts } from '../../../mail/mail-texts.js';

interface Texts {
  subject: string;
  received(title: string): string;
  yourWords: string;
  next: string;
  action: string;
  notYou: string;
}

/** The words are in the `mail.notice_received` resources (api/src/locales). */
const TEXTS = mailTexts<Texts>('notice_received', { received: ['title'] });

/**
 * The acknowledgement of an `illegal` notice (DSA Art. 16(4)): what was reported, in the reporter's own
 * words, and that it will be reviewed. `name` is a signed-in reporter's; a visitor is greeted without one.
 */
export function noticeReceivedMail(to: string, language: string, input: { name: string | null; title: string; details: string; productLink: string }): Mail {
  const t = inLanguage(TEXTS, language);
  return composeMail(to, language, {
    subject: t.subject,
    name: input.name,
    paragraphs: [t.received(input.title), t.yourWords, input.details, t.next],
    action: { label: t.action, url: input.productLink },
    after: [t.notYou],
  });
}
