import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage } from '../../../mail/localized.js';
import { mailTexts } from '../../../mail/mail-texts.js';
import type { Recipient } from './product-mails.js';

interface Texts {
  subject(title: string): string;
  what(title: string): string;
  reasons: string;
  action: string;
}

/** The words are in the `mail.review` resources (api/src/locales); the product's title is quoted as `mail.product.quote`. */
const TEXTS = mailTexts<Texts>('review', { subject: ['title'], what: ['title'] });
const QUOTE = mailTexts<{ quote(title: string): string }>('product', { quote: ['title'] });

/** The statement of reasons (DSA Art. 17) for a review whose photos a moderator removed; the review itself stays. */
export function reviewPhotosRemovedMail(to: Recipient, decided: { title: string; statement: string; productLink: string }): Mail {
  const t = inLanguage(TEXTS, to.language);
  const quoted = inLanguage(QUOTE, to.language).quote(decided.title);
  return composeMail(to.email, to.language, {
    subject: t.subject(decided.title),
    name: to.name,
    paragraphs: [t.what(quoted), t.reasons, decided.statement],
    action: { label: t.action, url: decided.productLink },
  });
}
