import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage, type Localized } from '../../../mail/localized.js';

interface Texts {
  subject: string;
  why: string;
  action: string;
  expiry(hours: number): string;
  notYou: string;
}

const TEXTS: Localized<Texts> = {
  es: {
    subject: 'Confirma tu dirección de correo en Linkhunt',
    why: 'Gracias por registrarte en Linkhunt. Confirma que esta dirección es tuya: así tus reseñas sumarán puntos y podrás subir más productos.',
    action: 'Confirmar mi dirección',
    expiry: (hours) => `El enlace caduca en ${hours} ${hours === 1 ? 'hora' : 'horas'} y solo se puede usar una vez.`,
    notYou: 'Si no has creado una cuenta en Linkhunt, ignora este correo.',
  },
  en: {
    subject: 'Confirm your email address for Linkhunt',
    why: 'Thanks for joining Linkhunt. Please confirm that this address is yours: then your reviews earn points and you can upload more products.',
    action: 'Confirm my address',
    expiry: (hours) => `The link expires in ${hours} ${hours === 1 ? 'hour' : 'hours'} and works only once.`,
    notYou: 'If you did not create a Linkhunt account, you can ignore this mail.',
  },
  de: {
    subject: 'Bestätige deine E-Mail-Adresse bei Linkhunt',
    why: 'danke, dass du dich bei Linkhunt registriert hast. Bitte bestätige, dass diese Adresse dir gehört: Dann bringen deine Bewertungen Punkte und du kannst mehr Produkte hochladen.',
    action: 'Adresse bestätigen',
    expiry: (hours) => `Der Link ist ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'} gültig und funktioniert nur einmal.`,
    notYou: 'Wenn du kein Konto bei Linkhunt erstellt hast, kannst du diese E-Mail ignorieren.',
  },
  it: {
    subject: 'Conferma il tuo indirizzo email su Linkhunt',
    why: 'grazie per la tua registrazione su Linkhunt. Conferma che questo indirizzo è tuo: così le tue recensioni daranno punti e potrai caricare più prodotti.',
    action: 'Conferma il mio indirizzo',
    expiry: (hours) => `Il link scade tra ${hours} ${hours === 1 ? 'ora' : 'ore'} e si può usare una sola volta.`,
    notYou: 'Se non hai creato un account su Linkhunt, ignora questa email.',
  },
  fr: {
    subject: 'Confirme ton adresse e-mail sur Linkhunt',
    why: 'Merci pour ton inscription sur Linkhunt. Confirme que cette adresse est bien la tienne : tes avis rapporteront alors des points et tu pourras publier plus de produits.',
    action: 'Confirmer mon adresse',
    expiry: (hours) => `Le lien expire dans ${hours} ${hours === 1 ? 'heure' : 'heures'} et ne fonctionne qu’une seule fois.`,
    notYou: 'Si tu n’as pas créé de compte Linkhunt, ignore cet e-mail.',
  },
};

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
