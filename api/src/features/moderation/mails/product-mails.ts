import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage } from '../../../mail/localized.js';
import { mailTexts } from '../../../mail/mail-texts.js';

/** Whom a decision is mailed to: an uploader, or a suspended account. */
export interface Recipient {
  email: string;
  name: string;
  language: string;
}

interface Texts {
  quote(title: string): string;
  reasons: string;
  myProducts: string;
  hidden: { subject(title: string): string; what(title: string): string; appeal: string };
  visible: { subject(title: string): string; reversed(title: string): string; unhidden(title: string): string };
  upheld: { subject(title: string): string; what(title: string): string; still: string };
}

/** The words are in the `mail.product` resources (api/src/locales). */
const TEXTS = mailTexts<Texts>('product', { quote: ['title'], 'hidden.subject': ['title'], 'hidden.what': ['title'], 'visible.subject': ['title'], 'visible.reversed': ['title'], 'visible.unhidden': ['title'], 'upheld.subject': ['title'], 'upheld.what': ['title'] });

interface Decided {
  title: string;
  /** The moderator's words (a statement of reasons, or why an appeal was decided as it was). */
  statement: string | null;
  /** The "My products" page in the uploader's language. */
  myProductsLink: string;
}

function productMail(to: Recipient, subject: string, lead: string, decided: Decided, after: string[] = []): Mail {
  const t = inLanguage(TEXTS, to.language);
  return composeMail(to.email, to.language, {
    subject,
    name: to.name,
    paragraphs: [lead, ...(decided.statement ? [t.reasons, decided.statement] : [])],
    action: { label: t.myProducts, url: decided.myProductsLink },
    after,
  });
}

/** The statement of reasons (DSA Art. 17) for a hidden product, with the way to appeal. */
export function productHiddenMail(to: Recipient, decided: Decided): Mail {
  const t = inLanguage(TEXTS, to.language);
  return productMail(to, t.hidden.subject(decided.title), t.hidden.what(t.quote(decided.title)), decided, [t.hidden.appeal]);
}

/** A hidden product is visible again: the appeal succeeded (`reversed`), or a moderator unhid it. */
export function productVisibleMail(to: Recipient, decided: Decided & { reversed: boolean }): Mail {
  const t = inLanguage(TEXTS, to.language);
  const title = t.quote(decided.title);
  return productMail(to, t.visible.subject(decided.title), decided.reversed ? t.visible.reversed(title) : t.visible.unhidden(title), decided);
}

/** The appeal was heard and the product stays hidden. */
export function appealUpheldMail(to: Recipient, decided: Decided): Mail {
  const t = inLanguage(TEXTS, to.language);
  return productMail(to, t.upheld.subject(decided.title), t.upheld.what(t.quote(decided.title)), decided, [t.upheld.still]);
}
