import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage, type Localized, mailLanguage } from '../../../mail/localized.js';

/** reset: through a mailed link, every session ended; settings: from the settings page, the other sessions ended. */
export type PasswordChange = 'reset' | 'settings';

interface Texts {
  subject: string;
  changed(when: string): string;
  sessions: Record<PasswordChange, string>;
  notYou: string;
  action: string;
}

const TEXTS: Localized<Texts> = {
  es: {
    subject: 'Tu contraseña de Linkhunt ha cambiado',
    changed: (when) => `La contraseña de tu cuenta de Linkhunt se cambió el ${when}.`,
    sessions: { reset: 'Se han cerrado todas las sesiones abiertas.', settings: 'Se han cerrado las demás sesiones abiertas.' },
    notYou: 'Si no has sido tú, restablece la contraseña ahora con este enlace:',
    action: 'Restablecer mi contraseña',
  },
  en: {
    subject: 'Your Linkhunt password was changed',
    changed: (when) => `The password of your Linkhunt account was changed on ${when}.`,
    sessions: { reset: 'Every open session has been signed out.', settings: 'Every other open session has been signed out.' },
    notYou: 'If this was not you, reset the password now with this link:',
    action: 'Reset my password',
  },
  de: {
    subject: 'Dein Linkhunt-Passwort wurde geändert',
    changed: (when) => `das Passwort deines Linkhunt-Kontos wurde am ${when} geändert.`,
    sessions: { reset: 'Alle offenen Sitzungen wurden beendet.', settings: 'Alle anderen offenen Sitzungen wurden beendet.' },
    notYou: 'Wenn du das nicht warst, setze das Passwort jetzt über diesen Link zurück:',
    action: 'Passwort zurücksetzen',
  },
  it: {
    subject: 'La tua password di Linkhunt è stata cambiata',
    changed: (when) => `la password del tuo account Linkhunt è stata cambiata il ${when}.`,
    sessions: { reset: 'Tutte le sessioni aperte sono state chiuse.', settings: 'Tutte le altre sessioni aperte sono state chiuse.' },
    notYou: 'Se non l’hai cambiata tu, reimposta subito la password con questo link:',
    action: 'Reimposta la mia password',
  },
  fr: {
    subject: 'Ton mot de passe Linkhunt a été modifié',
    changed: (when) => `Le mot de passe de ton compte Linkhunt a été modifié le ${when}.`,
    sessions: { reset: 'Toutes les sessions ouvertes ont été fermées.', settings: 'Toutes les autres sessions ouvertes ont été fermées.' },
    notYou: 'Si ce n’était pas toi, réinitialise ton mot de passe maintenant avec ce lien :',
    action: 'Réinitialiser mon mot de passe',
  },
};

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
