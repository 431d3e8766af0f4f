import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage, type Localized } from '../../../mail/localized.js';

interface Texts {
  subject: string;
  received(title: string): string;
  yourWords: string;
  next: string;
  action: string;
  notYou: string;
}

const TEXTS: Localized<Texts> = {
  es: {
    subject: 'Hemos recibido tu aviso de contenido ilegal',
    received: (title) => `Hemos recibido tu aviso de que el producto «${title}» de Linkhunt podría ser contenido ilegal.`,
    yourWords: 'Lo que nos has explicado:',
    next: 'El equipo de moderación lo revisará y actuará si es ilegal o incumple nuestras normas. Puede que te escribamos si necesitamos más información.',
    action: 'Ver el producto',
    notYou: 'Si no has enviado este aviso, ignora este correo.',
  },
  en: {
    subject: 'We received your notice of illegal content',
    received: (title) => `We received your notice that the Linkhunt product “${title}” may be illegal content.`,
    yourWords: 'What you told us:',
    next: 'Our moderators will review it and act if it is illegal or breaks our rules. We may write to you if we need more details.',
    action: 'See the product',
    notYou: 'If you did not send this notice, you can ignore this mail.',
  },
  de: {
    subject: 'Wir haben deine Meldung rechtswidriger Inhalte erhalten',
    received: (title) => `wir haben deine Meldung erhalten, dass das Linkhunt-Produkt „${title}“ rechtswidrige Inhalte enthalten könnte.`,
    yourWords: 'Deine Angaben:',
    next: 'Unsere Moderation prüft die Meldung und handelt, wenn der Inhalt rechtswidrig ist oder gegen unsere Regeln verstößt. Falls wir weitere Angaben brauchen, melden wir uns bei dir.',
    action: 'Produkt ansehen',
    notYou: 'Wenn du diese Meldung nicht gesendet hast, kannst du diese E-Mail ignorieren.',
  },
  it: {
    subject: 'Abbiamo ricevuto la tua segnalazione di contenuto illegale',
    received: (title) => `abbiamo ricevuto la tua segnalazione che il prodotto Linkhunt «${title}» potrebbe essere un contenuto illegale.`,
    yourWords: 'Quello che ci hai spiegato:',
    next: 'La moderazione la esaminerà e interverrà se il contenuto è illegale o viola le nostre regole. Potremmo scriverti se ci servono altre informazioni.',
    action: 'Vedi il prodotto',
    notYou: 'Se non hai inviato questa segnalazione, ignora questa email.',
  },
  fr: {
    subject: 'Nous avons reçu ton signalement de contenu illicite',
    received: (title) => `Nous avons reçu ton signalement indiquant que le produit Linkhunt « ${title} » pourrait être un contenu illicite.`,
    yourWords: 'Ce que tu nous as expliqué :',
    next: 'La modération va l’examiner et agira si le contenu est illicite ou enfreint nos règles. Nous pourrons t’écrire si nous avons besoin de précisions.',
    action: 'Voir le produit',
    notYou: 'Si tu n’as pas envoyé ce signalement, ignore cet e-mail.',
  },
};

/**
 * The acknowledgement of an `illegal` notice (DSA Art. 16(4)): what was reported, in the reporter's own
 * words, and that it will be reviewed. `name` is a signed-in reporter's; a visitor is greeted without one.
 */
export function noticeReceivedMail(to: string, language: string, input: { name: string | null; title: string; details: string; productLink: string }): Mail {
  const t = inLanguage(TEXTS, language);
  return composeMail(to, language, {
    subject: t.subject,
    name: input.name,
    paragraphs: [t.received(input.title), t.yourWords, input.details, t.next],
    action: { label: t.action, url: input.productLink },
    after: [t.notYou],
  });
}
