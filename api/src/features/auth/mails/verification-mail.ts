import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage } from '../../../mail/localized.js';
import { mailTexts } from '../../../mail/mail-texts.js';

interface Texts {
  subject: string;
  why: string;
  action: string;
  expiry(hours: number): string;
  notYou: string;
}

/** The words are in the `mail.verification` resources (api/src/locales). */
const TEXTS = mailTexts<Texts>('verification', { expiry: ['count'] });

/** Sent at registration and on request: the link opens the site's verify-email page, which posts the token. */
export function verificationMail(to: string, language: string, input: { name: string; link: string; hours: number }): Mail {
  const t = inLanguage(TEXTS, language);
  return composeMail(to, language, {
    subject: t.subject,
    name: input.name,
    paragraphs: [t.why],
    action: { label: t.action, url: input.link },
    after: [t.expiry(input.hours), t.notYou],
  });
}
