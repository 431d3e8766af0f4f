import type { Mail } from '../../../plugins/mailer.js';
import { composeMail } from '../../../mail/compose.js';
import { inLanguage, type Localized } from '../../../mail/localized.js';

/** Whom a decision is mailed to: an uploader, or a suspended account. */
export interface Recipient {
  email: string;
  name: string;
  language: string;
}

interface Texts {
  quote(title: string): string;
  reasons: string;
  myProducts: string;
  hidden: { subject(title: string): string; what(title: string): string; appeal: string };
  visible: { subject(title: string): string; reversed(title: string): string; unhidden(title: string): string };
  upheld: { subject(title: string): string; what(title: string): string; still: string };
}

const TEXTS: Localized<Texts> = {
  es: {
    quote: (title) => `«${title}»`,
    reasons: 'Motivos indicados por el equipo de moderación:',
    myProducts: 'Abrir Mis productos',
    hidden: {
      subject: (title) => `Tu producto «${title}» se ha ocultado`,
      what: (title) => `El equipo de moderación ha ocultado tu producto ${title}: ya no aparece en listados ni en búsquedas, y sus enlaces de tienda están cerrados.`,
      appeal: 'Si crees que es un error, puedes recurrir la decisión una vez desde Mis productos explicando por qué. Volveremos a revisarla.',
    },
    visible: {
      subject: (title) => `Tu producto «${title}» vuelve a estar visible`,
      reversed: (title) => `Hemos revisado tu recurso y hemos revocado la decisión: tu producto ${title} vuelve a estar visible.`,
      unhidden: (title) => `El equipo de moderación ha vuelto a hacer visible tu producto ${title}.`,
    },
    upheld: {
      subject: (title) => `Hemos resuelto tu recurso sobre «${title}»`,
      what: (title) => `Hemos revisado tu recurso y mantenemos la decisión: tu producto ${title} sigue oculto.`,
      still: 'Puedes seguir editando o eliminando el producto desde Mis productos.',
    },
  },
  en: {
    quote: (title) => `“${title}”`,
    reasons: 'The reasons the moderators gave:',
    myProducts: 'Open My products',
    hidden: {
      subject: (title) => `Your product “${title}” was hidden`,
      what: (title) => `Our moderators hid your product ${title}: it no longer appears in lists or search, and its store links are closed.`,
      appeal: 'If you think this is a mistake, you can appeal once from My products, saying why. We will review the decision again.',
    },
    visible: {
      subject: (title) => `Your product “${title}” is visible again`,
      reversed: (title) => `We reviewed your appeal and reversed the decision: your product ${title} is visible again.`,
      unhidden: (title) => `Our moderators made your product ${title} visible again.`,
    },
    upheld: {
      subject: (title) => `Your appeal about “${title}” was decided`,
      what: (title) => `We reviewed your appeal and upheld the decision: your product ${title} stays hidden.`,
      still: 'You can still edit or delete the product from My products.',
    },
  },
  de: {
    quote: (title) => `„${title}“`,
    reasons: 'Die Begründung der Moderation:',
    myProducts: 'Meine Produkte öffnen',
    hidden: {
      subject: (title) => `Dein Produkt „${title}“ wurde ausgeblendet`,
      what: (title) => `unsere Moderation hat dein Produkt ${title} ausgeblendet: Es erscheint nicht mehr in Listen und in der Suche, und seine Shop-Links sind gesperrt.`,
      appeal: 'Wenn du das für einen Fehler hältst, kannst du unter „Meine Produkte“ einmal Einspruch einlegen und ihn begründen. Wir prüfen die Entscheidung dann erneut.',
    },
    visible: {
      subject: (title) => `Dein Produkt „${title}“ ist wieder sichtbar`,
      reversed: (title) => `wir haben deinen Einspruch geprüft und die Entscheidung aufgehoben: Dein Produkt ${title} ist wieder sichtbar.`,
      unhidden: (title) => `unsere Moderation hat dein Produkt ${title} wieder sichtbar gemacht.`,
    },
    upheld: {
      subject: (title) => `Über deinen Einspruch zu „${title}“ wurde entschieden`,
      what: (title) => `wir haben deinen Einspruch geprüft und die Entscheidung bestätigt: Dein Produkt ${title} bleibt ausgeblendet.`,
      still: 'Unter „Meine Produkte“ kannst du das Produkt weiterhin bearbeiten oder löschen.',
    },
  },
  it: {
    quote: (title) => `«${title}»`,
    reasons: 'Le motivazioni indicate dalla moderazione:',
    myProducts: 'Apri I miei prodotti',
    hidden: {
      subject: (title) => `Il tuo prodotto «${title}» è stato nascosto`,
      what: (title) => `la moderazione ha nascosto il tuo prodotto ${title}: non compare più negli elenchi né nella ricerca e i suoi link ai negozi sono chiusi.`,
      appeal: 'Se pensi che sia un errore, puoi presentare ricorso una volta da I miei prodotti, spiegando il perché. Riesamineremo la decisione.',
    },
    visible: {
      subject: (title) => `Il tuo prodotto «${title}» è di nuovo visibile`,
      reversed: (title) => `abbiamo esaminato il tuo ricorso e annullato la decisione: il tuo prodotto ${title} è di nuovo visibile.`,
      unhidden: (title) => `la moderazione ha reso di nuovo visibile il tuo prodotto ${title}.`,
    },
    upheld: {
      subject: (title) => `Abbiamo deciso sul tuo ricorso per «${title}»`,
      what: (title) => `abbiamo esaminato il tuo ricorso e confermato la decisione: il tuo prodotto ${title} resta nascosto.`,
      still: 'Puoi comunque modificare o eliminare il prodotto da I miei prodotti.',
    },
  },
  fr: {
    quote: (title) => `« ${title} »`,
    reasons: 'Les motifs donnés par la modération :',
    myProducts: 'Ouvrir Mes produits',
    hidden: {
      subject: (title) => `Ton produit « ${title} » a été masqué`,
      what: (title) => `La modération a masqué ton produit ${title} : il n’apparaît plus dans les listes ni dans la recherche, et ses liens vers les boutiques sont fermés.`,
      appeal: 'Si tu penses que c’est une erreur, tu peux faire appel une fois depuis Mes produits en expliquant pourquoi. Nous réexaminerons la décision.',
    },
    visible: {
      subject: (title) => `Ton produit « ${title} » est de nouveau visible`,
      reversed: (title) => `Nous avons examiné ton appel et annulé la décision : ton produit ${title} est de nouveau visible.`,
      unhidden: (title) => `La modération a rendu ton produit ${title} de nouveau visible.`,
    },
    upheld: {
      subject: (title) => `Nous avons statué sur ton appel concernant « ${title} »`,
      what: (title) => `Nous avons examiné ton appel et maintenu la décision : ton produit ${title} reste masqué.`,
      still: 'Tu peux toujours modifier ou supprimer le produit depuis Mes produits.',
    },
  },
};

interface Decided {
  title: string;
  /** The moderator's words (a statement of reasons, or why an appeal was decided as it was). */
  statement: string | null;
  /** The "My products" page in the uploader's language. */
  myProductsLink: string;
}

function productMail(to: Recipient, subject: string, lead: string, decided: Decided, after: string[] = []): Mail {
  const t = inLanguage(TEXTS, to.language);
  return composeMail(to.email, to.language, {
    subject,
    name: to.name,
    paragraphs: [lead, ...(decided.statement ? [t.reasons, decided.statement] : [])],
    action: { label: t.myProducts, url: decided.myProductsLink },
    after,
  });
}

/** The statement of reasons (DSA Art. 17) for a hidden product, with the way to appeal. */
export function productHiddenMail(to: Recipient, decided: Decided): Mail {
  const t = inLanguage(TEXTS, to.language);
  return productMail(to, t.hidden.subject(decided.title), t.hidden.what(t.quote(decided.title)), decided, [t.hidden.appeal]);
}

/** A hidden product is visible again: the appeal succeeded (`reversed`), or a moderator unhid it. */
export function productVisibleMail(to: Recipient, decided: Decided & { reversed: boolean }): Mail {
  const t = inLanguage(TEXTS, to.language);
  const title = t.quote(decided.title);
  return productMail(to, t.visible.subject(decided.title), decided.reversed ? t.visible.reversed(title) : t.visible.unhidden(title), decided);
}

/** The appeal was heard and the product stays hidden. */
export function appealUpheldMail(to: Recipient, decided: Decided): Mail {
  const t = inLanguage(TEXTS, to.language);
  return productMail(to, t.upheld.subject(decided.title), t.upheld.what(t.quote(decided.title)), decided, [t.upheld.still]);
}
