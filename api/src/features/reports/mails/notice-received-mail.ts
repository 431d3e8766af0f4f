import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage } from '../../../mail/localized.js';
import { mailTexts } from '../../../mail/mail-texts.js';

interface Texts {
  subject: string;
  received(title: string): string;
  next: string;
  action: string;
  notYou: string;
}

/** The words are in the `mail.notice_received` resources (api/src/locales). */
const TEXTS = mailTexts<Texts>('notice_received', { received: ['title'] });

/**
 * The acknowledgement of an `illegal` notice (DSA Art. 16(4)): which product was reported, and that it will be
 * reviewed. Never the reporter's own words: anyone can give any address, and quoting them would let the form
 * mail any text in the site's name. `name` is a signed-in reporter's; a visitor is greeted without one.
 */
export function noticeReceivedMail(to: string, language: string, input: { name: string | null; title: string; productLink: string }): Mail {
  const t = inLanguage(TEXTS, language);
  return composeMail(to, language, {
    subject: t.subject,
    name: input.name,
    paragraphs: [t.received(input.title), t.next],
    action: { label: t.action, url: input.productLink },
    after: [t.notYou],
  });
}
