import { describe, expect, it } from 'vitest';
import type { Mail } from '../plugins/mailer.js';
import { accountRestoredMail, accountSuspendedMail } from '../features/admin/mails/account-mails.js';
import { appealUpheldMail, productHiddenMail, productVisibleMail } from '../features/moderation/mails/product-mails.js';
import { passwordChangedMail } from '../features/auth/mails/password-changed-mail.js';
import { passwordResetMail } from '../features/auth/mails/password-reset-mail.js';
import { verificationMail } from '../features/auth/mails/verification-mail.js';
import { linkGoneMail, linkRestoredMail } from '../features/link-health/mails.js';
import { noticeReceivedMail } from '../features/reports/mails/notice-received-mail.js';
import { reviewPhotosRemovedMail } from '../features/moderation/mails/review-mails.js';
import { MAIL_LANGUAGES } from './localized.js';

/** Every mail in every language, written from the resources: each value in its place, nothing left unfilled. */
const MAILS: Record<string, (language: string) => Mail> = {
  verification: (language) => verificationMail('ana@example.com', language, { name: 'Ana', link: 'https://linkhunt.test/v?t=1', hours: 48 }),
  passwordReset: (language) => passwordResetMail('ana@example.com', language, { name: 'Ana', link: 'https://linkhunt.test/r?t=1', minutes: 1 }),
  passwordChanged: (language) => passwordChangedMail('ana@example.com', language, { name: 'Ana', at: new Date('2026-05-01T10:00:00Z'), how: 'reset', forgotLink: 'https://linkhunt.test/f' }),
  noticeReceived: (language) => noticeReceivedMail('ana@example.com', language, { name: null, title: 'Neon cap', productLink: 'https://linkhunt.test/p' }),
  hidden: (language) => productHiddenMail({ email: 'ana@example.com', name: 'Ana', language }, { title: 'Neon cap', statement: 'Counterfeit.', myProductsLink: 'https://linkhunt.test/m' }),
  visible: (language) => productVisibleMail({ email: 'ana@example.com', name: 'Ana', language }, { title: 'Neon cap', statement: null, myProductsLink: 'https://linkhunt.test/m', reversed: true }),
  upheld: (language) => appealUpheldMail({ email: 'ana@example.com', name: 'Ana', language }, { title: 'Neon cap', statement: 'Still fake.', myProductsLink: 'https://linkhunt.test/m' }),
  suspended: (language) => accountSuspendedMail({ email: 'ana@example.com', name: 'Ana', language }, { reason: 'Spam.', contactLink: 'https://linkhunt.test/c' }),
  restored: (language) => accountRestoredMail({ email: 'ana@example.com', name: 'Ana', language }, { signInLink: 'https://linkhunt.test/s' }),
  linkGone: (language) => linkGoneMail({ email: 'ana@example.com', name: 'Ana', language }, 'Neon cap', 24, 'https://linkhunt.test/m'),
  linkRestored: (language) => linkRestoredMail({ email: 'ana@example.com', name: 'Ana', language }, 'Neon cap', 'https://linkhunt.test/m'),
  reviewPhotosRemoved: (language) => reviewPhotosRemovedMail({ email: 'ana@example.com', name: 'Ana', language }, { title: 'Neon cap', statement: 'Photos of another item.', productLink: 'https://linkhunt.test/p' }),
};

describe('mails from the resources', () => {
  it.each(Object.keys(MAILS))('%s: in five languages, every placeholder filled', (name) => {
    const mails = MAIL_LANGUAGES.map((language) => MAILS[name]?.(language));
    for (const mail of mails) {
      expect(mail?.text).not.toMatch(/\{\{|\}\}|undefined/);
      expect(mail?.subject).not.toMatch(/\{\{|\}\}|undefined/);
    }
    expect(new Set(mails.map((mail) => mail?.subject)).size).toBe(MAIL_LANGUAGES.length);
  });

  it('takes the plural form of the number', () => {
    expect(passwordResetMail('a@b.co', 'es', { name: 'Ana', link: 'https://x.test', minutes: 1 }).text).toContain('El enlace caduca en 1 minuto y');
    expect(passwordResetMail('a@b.co', 'es', { name: 'Ana', link: 'https://x.test', minutes: 60 }).text).toContain('El enlace caduca en 60 minutos y');
    expect(verificationMail('a@b.co', 'de', { name: 'Ana', link: 'https://x.test', hours: 1 }).text).toContain('Der Link ist 1 Stunde gültig');
    expect(verificationMail('a@b.co', 'de', { name: 'Ana', link: 'https://x.test', hours: 48 }).text).toContain('Der Link ist 48 Stunden gültig');
    expect(noticeReceivedMail('a@b.co', 'fr', { name: null, title: 'T', productLink: 'https://x.test' }).text).toMatch(/^Bonjour,\n/);
  });
});
