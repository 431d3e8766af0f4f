import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage } from '../../../mail/localized.js';
import { mailTexts } from '../../../mail/mail-texts.js';
import type { Recipient } from '../../moderation/mails/product-mails.js';

interface Texts {
  suspended: { subject: string; what: string; reasons: string; mistake: string; action: string };
  restored: { subject: string; what: string; action: string };
}

/** The words are in the `mail.account` resources (api/src/locales). */
const TEXTS = mailTexts<Texts>('account');

/** The suspension and its reasons; the contact page is the way to object (a suspended account cannot sign in to appeal). */
export function accountSuspendedMail(to: Recipient, input: { reason: string; contactLink: string }): Mail {
  const t = inLanguage(TEXTS, to.language);
  return composeMail(to.email, to.language, {
    subject: t.suspended.subject,
    name: to.name,
    paragraphs: [t.suspended.what, t.suspended.reasons, input.reason, t.suspended.mistake],
    action: { label: t.suspended.action, url: input.contactLink },
  });
}

export function accountRestoredMail(to: Recipient, input: { signInLink: string }): Mail {
  const t = inLanguage(TEXTS, to.language);
  return composeMail(to.email, to.language, {
    subject: t.restored.subject,
    name: to.name,
    paragraphs: [t.restored.what],
    action: { label: t.restored.action, url: input.signInLink },
  });
}
