import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage } from '../../../mail/localized.js';
import { mailTexts } from '../../../mail/mail-texts.js';

interface Texts {
  subject: string;
  why: string;
  action: string;
  expiry(minutes: number): string;
  notYou: string;
}

/** The words are in the `mail.password_reset` resources (api/src/locales). */
const TEXTS = mailTexts<Texts>('password_reset', { expiry: ['count'] });

/** Sent on POST /auth/forgot to an existing account: the link opens the site's reset-password page. */
export function passwordResetMail(to: string, language: string, input: { name: string; link: string; minutes: number }): Mail {
  const t = inLanguage(TEXTS, language);
  return composeMail(to, language, {
    subject: t.subject,
    name: input.name,
    paragraphs: [t.why],
    action: { label: t.action, url: input.link },
    after: [t.expiry(input.minutes), t.notYou],
  });
}
