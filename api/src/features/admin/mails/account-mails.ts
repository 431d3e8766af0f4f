import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage, type Localized } from '../../../mail/localized.js';
import type { Recipient } from './product-mails.js';

interface Texts {
  suspended: { subject: string; what: string; reasons: string; mistake: string; action: string };
  restored: { subject: string; what: string; action: string };
}

const TEXTS: Localized<Texts> = {
  es: {
    suspended: {
      subject: 'Tu cuenta de Linkhunt ha sido suspendida',
      what: 'El equipo de moderación ha suspendido tu cuenta de Linkhunt. Se han cerrado todas tus sesiones, no puedes iniciar sesión y tus productos están ocultos.',
      reasons: 'Motivos indicados por el equipo de moderación:',
      mistake: 'Si crees que es un error, escríbenos desde la página de contacto.',
      action: 'Ir a Contacto',
    },
    restored: {
      subject: 'Tu cuenta de Linkhunt vuelve a estar activa',
      what: 'Tu cuenta de Linkhunt ya no está suspendida: puedes volver a iniciar sesión, y los productos que se ocultaron con la suspensión vuelven a estar visibles.',
      action: 'Iniciar sesión',
    },
  },
  en: {
    suspended: {
      subject: 'Your Linkhunt account has been suspended',
      what: 'Our moderators suspended your Linkhunt account. You have been signed out everywhere, you cannot sign in, and your products are hidden.',
      reasons: 'The reasons the moderators gave:',
      mistake: 'If you think this is a mistake, write to us through the contact page.',
      action: 'Go to Contact',
    },
    restored: {
      subject: 'Your Linkhunt account is active again',
      what: 'Your Linkhunt account is no longer suspended: you can sign in again, and the products hidden with the suspension are visible again.',
      action: 'Sign in',
    },
  },
  de: {
    suspended: {
      subject: 'Dein Linkhunt-Konto wurde gesperrt',
      what: 'unsere Moderation hat dein Linkhunt-Konto gesperrt. Du wurdest überall abgemeldet, kannst dich nicht anmelden, und deine Produkte sind ausgeblendet.',
      reasons: 'Die Begründung der Moderation:',
      mistake: 'Wenn du das für einen Fehler hältst, schreib uns über die Kontaktseite.',
      action: 'Zur Kontaktseite',
    },
    restored: {
      subject: 'Dein Linkhunt-Konto ist wieder aktiv',
      what: 'dein Linkhunt-Konto ist nicht mehr gesperrt: Du kannst dich wieder anmelden, und die mit der Sperre ausgeblendeten Produkte sind wieder sichtbar.',
      action: 'Anmelden',
    },
  },
  it: {
    suspended: {
      subject: 'Il tuo account Linkhunt è stato sospeso',
      what: 'la moderazione ha sospeso il tuo account Linkhunt. Tutte le tue sessioni sono state chiuse, non puoi accedere e i tuoi prodotti sono nascosti.',
      reasons: 'Le motivazioni indicate dalla moderazione:',
      mistake: 'Se pensi che sia un errore, scrivici dalla pagina dei contatti.',
      action: 'Vai ai Contatti',
    },
    restored: {
      subject: 'Il tuo account Linkhunt è di nuovo attivo',
      what: 'il tuo account Linkhunt non è più sospeso: puoi accedere di nuovo e i prodotti nascosti con la sospensione sono di nuovo visibili.',
      action: 'Accedi',
    },
  },
  fr: {
    suspended: {
      subject: 'Ton compte Linkhunt a été suspendu',
      what: 'La modération a suspendu ton compte Linkhunt. Toutes tes sessions ont été fermées, tu ne peux plus te connecter et tes produits sont masqués.',
      reasons: 'Les motifs donnés par la modération :',
      mistake: 'Si tu penses que c’est une erreur, écris-nous depuis la page de contact.',
      action: 'Aller à la page Contact',
    },
    restored: {
      subject: 'Ton compte Linkhunt est de nouveau actif',
      what: 'Ton compte Linkhunt n’est plus suspendu : tu peux de nouveau te connecter, et les produits masqués avec la suspension sont de nouveau visibles.',
      action: 'Se connecter',
    },
  },
};

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
