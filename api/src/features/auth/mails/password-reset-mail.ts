import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage, type Localized } from '../../../mail/localized.js';

interface Texts {
  subject: string;
  why: string;
  action: string;
  expiry(minutes: number): string;
  notYou: string;
}

const TEXTS: Localized<Texts> = {
  es: {
    subject: 'Restablece tu contraseña de Linkhunt',
    why: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Linkhunt. Elige una nueva con este enlace:',
    action: 'Elegir una contraseña nueva',
    expiry: (minutes) => `El enlace caduca en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} y solo se puede usar una vez. Al cambiar la contraseña se cerrarán todas tus sesiones.`,
    notYou: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambiará.',
  },
  en: {
    subject: 'Reset your Linkhunt password',
    why: 'We received a request to reset the password of your Linkhunt account. Choose a new one with this link:',
    action: 'Choose a new password',
    expiry: (minutes) => `The link expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and works only once. Changing the password signs you out everywhere.`,
    notYou: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  de: {
    subject: 'Setze dein Linkhunt-Passwort zurück',
    why: 'wir haben eine Anfrage erhalten, das Passwort deines Linkhunt-Kontos zurückzusetzen. Über diesen Link wählst du ein neues:',
    action: 'Neues Passwort wählen',
    expiry: (minutes) => `Der Link ist ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} gültig und funktioniert nur einmal. Wenn du das Passwort änderst, wirst du überall abgemeldet.`,
    notYou: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
  },
  it: {
    subject: 'Reimposta la tua password di Linkhunt',
    why: 'abbiamo ricevuto una richiesta di reimpostare la password del tuo account Linkhunt. Scegline una nuova con questo link:',
    action: 'Scegli una nuova password',
    expiry: (minutes) => `Il link scade tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'} e si può usare una sola volta. Cambiando la password, tutte le tue sessioni verranno chiuse.`,
    notYou: 'Se non l’hai chiesto tu, ignora questa email: la tua password non cambierà.',
  },
  fr: {
    subject: 'Réinitialise ton mot de passe Linkhunt',
    why: 'Nous avons reçu une demande de réinitialisation du mot de passe de ton compte Linkhunt. Choisis-en un nouveau avec ce lien :',
    action: 'Choisir un nouveau mot de passe',
    expiry: (minutes) => `Le lien expire dans ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} et ne fonctionne qu’une seule fois. Changer le mot de passe fermera toutes tes sessions.`,
    notYou: 'Si tu n’as rien demandé, ignore cet e-mail : ton mot de passe ne changera pas.',
  },
};

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
