import type { Mail } from '../../plugins/mailer.js';
import { composeMail } from '../../mail/compose.js';
import { inLanguage } from '../../mail/localized.js';
import { mailTexts } from '../../mail/mail-texts.js';
import type { Recipient } from '../moderation/mails/product-mails.js';

interface Texts {
  myProducts: string;
  hidden: { subject(title: string): string; what(title: string, hours: number): string; fix: string };
  restored: { subject(title: string): string; what(title: string): string };
}

/** The words are in the `mail.link_health` resources (api/src/locales). */
const TEXTS = mailTexts<Texts>('link_health', { 'hidden.subject': ['title'], 'hidden.what': ['title', 'hours'], 'restored.subject': ['title'], 'restored.what': ['title'] });

/** The uploader is told of an automatic hide as of a moderator's (DSA Art. 17), with what fixes it. */
export function linkGoneMail(to: Recipient, title: string, confirmHours: number, myProductsLink: string): Mail {
  const t = inLanguage(TEXTS, to.language);
  return composeMail(to.email, to.language, {
    subject: t.hidden.subject(title),
    name: to.name,
    paragraphs: [t.hidden.what(title, confirmHours), t.hidden.fix],
    action: { label: t.myProducts, url: myProductsLink },
  });
}

export function linkRestoredMail(to: Recipient, title: string, myProductsLink: string): Mail {
  const t = inLanguage(TEXTS, to.language);
  return composeMail(to.email, to.language, {
    subject: t.restored.subject(title),
    name: to.name,
    paragraphs: [t.restored.what(title)],
    action: { label: t.myProducts, url: myProductsLink },
  });
}
