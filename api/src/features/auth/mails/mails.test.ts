import { describe, expect, it } from 'vitest';
import type { Mail } from '../../../plugins/mailer.js';
import { MAIL_LANGUAGES } from '../../../mail/localized.js';
import { passwordChangedMail } from './password-changed-mail.js';
import { passwordResetMail } from './password-reset-mail.js';
import { verificationMail } from './verification-mail.js';

const LINK = 'https://linkhunt.test/xx/page?token=abc_DEF-123';
const NAME = 'Ana <b>&</b>';

const kinds = {
  verification: (language: string) => verificationMail('ana@example.com', language, { name: NAME, link: LINK, hours: 48 }),
  reset: (language: string) => passwordResetMail('ana@example.com', language, { name: NAME, link: LINK, minutes: 60 }),
  changed: (language: string) => passwordChangedMail('ana@example.com', language, { name: NAME, at: new Date('2025-06-11T10:42:00Z'), how: 'reset', forgotLink: LINK }),
} satisfies Record<string, (language: string) => Mail>;

describe.each(Object.entries(kinds))('the %s mail', (_kind, write) => {
  it('is written in each of the five languages, every one its own', () => {
    const mails = MAIL_LANGUAGES.map(write);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(5);
    expect(new Set(mails.map((m) => m.text)).size).toBe(5);
  });

  it.each(MAIL_LANGUAGES)('in %s: the link alone on its line, the name as typed, and the same in HTML, escaped', (language) => {
    const mail = write(language);
    expect(mail.to).toBe('ana@example.com');
    expect(mail.text.split('\n')).toContain(LINK);
    expect(mail.text).toContain(NAME);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.html).toContain('Ana &lt;b&gt;&amp;&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
  });

  it('falls back to Spanish for a language the site does not have', () => {
    expect(write('xx').subject).toBe(write('es').subject);
  });
});

it('dates the password change in the reader\'s language, in UTC', () => {
  expect(kinds.changed('de').text).toContain('11. Juni 2025 um 10:42 (UTC)');
  expect(kinds.changed('es').text).toContain('11 de junio de 2025');
  expect(passwordChangedMail('a@example.com', 'en', { name: 'A', at: new Date(), how: 'settings', forgotLink: LINK }).text).toContain('Every other open session');
});
