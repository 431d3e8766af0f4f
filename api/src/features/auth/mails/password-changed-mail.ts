import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage, mailLanguage } from '../../../mail/localized.js';
import { mailTexts } from '../../../mail/mail-texts.js';

/** reset: through a mailed link, every session ended; settings: from the settings page, the other sessions ended. */
export type PasswordChange = 'reset' | 'settings';

interface Texts {
  subject: string;
  changed(when: string): string;
  sessions: Record<PasswordChange, string>;
  notYou: string;
  action: string;
}

/** The words are in the `mail.password_changed` resources (api/src/locales). */
const TEXTS = mailTexts<Texts>('password_changed', { changed: ['when'] });

/** The moment in the reader's language; UTC, since the account keeps no time zone. */
function moment(at: Date, language: string): string {
  const formatted = new Intl.DateTimeFormat(mailLanguage(language), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at);
  return `${formatted} (UTC)`;
}

/** A notice after any password change, so that an owner whose account was taken learns of it and can take it back. */
export function passwordChangedMail(to: string, language: string, input: { name: string; at: Date; how: PasswordChange; forgotLink: string }): Mail {
  const t = inLanguage(TEXTS, language);
  return composeMail(to, language, {
    subject: t.subject,
    name: input.name,
    paragraphs: [`${t.changed(moment(input.at, language))} ${t.sessions[input.how]}`, t.notYou],
    action: { label: t.action, url: input.forgotLink },
  });
}
