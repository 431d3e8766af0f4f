import type { Mail } from '../../plugins/mailer.js';
import { composeMail } from '../../mail/compose.js';
import { inLanguage, type Localized } from '../../mail/localized.js';
import type { Recipient } from '../admin/mails/product-mails.js';

interface Texts {
  myProducts: string;
  hidden: { subject(title: string): string; what(title: string, hours: number): string; fix: string };
  restored: { subject(title: string): string; what(title: string): string };
}

const TEXTS: Localized<Texts> = {
  es: {
    myProducts: 'Abrir Mis productos',
    hidden: {
      subject: (title) => `Tu producto «${title}» se ha ocultado: su enlace ya no funciona`,
      what: (title, hours) => `Ninguno de los enlaces de tienda de tu producto «${title}» funciona ya: lo hemos comprobado automáticamente dos veces, con al menos ${hours} horas de diferencia. Lo hemos ocultado para que nadie llegue a una página agotada o borrada.`,
      fix: 'Si el producto sigue a la venta en otra dirección, cambia sus enlaces desde Mis productos: en cuanto un enlace funcione, volverá a estar visible por sí solo.',
    },
    restored: {
      subject: (title) => `Tu producto «${title}» vuelve a estar visible`,
      what: (title) => `Un enlace de tu producto «${title}» vuelve a funcionar (comprobado automáticamente), así que el producto vuelve a estar visible.`,
    },
  },
  en: {
    myProducts: 'Open My products',
    hidden: {
      subject: (title) => `Your product “${title}” was hidden: its link no longer works`,
      what: (title, hours) => `None of the store links of your product “${title}” works any more: we checked automatically, twice, at least ${hours} hours apart. We hid it so that nobody lands on a sold-out or deleted page.`,
      fix: 'If the product is still sold at another address, change its links in My products: as soon as a link works, it becomes visible again by itself.',
    },
    restored: {
      subject: (title) => `Your product “${title}” is visible again`,
      what: (title) => `A link of your product “${title}” works again (checked automatically), so the product is visible again.`,
    },
  },
  de: {
    myProducts: 'Meine Produkte öffnen',
    hidden: {
      subject: (title) => `Dein Produkt „${title}“ wurde ausgeblendet: Der Link funktioniert nicht mehr`,
      what: (title, hours) => `Keiner der Shop-Links deines Produkts „${title}“ funktioniert mehr: Wir haben es automatisch zweimal geprüft, mit mindestens ${hours} Stunden Abstand. Wir haben es ausgeblendet, damit niemand auf einer ausverkauften oder gelöschten Seite landet.`,
      fix: 'Wenn das Produkt unter einer anderen Adresse noch verkauft wird, ändere seine Links unter Meine Produkte: Sobald ein Link funktioniert, ist es von selbst wieder sichtbar.',
    },
    restored: {
      subject: (title) => `Dein Produkt „${title}“ ist wieder sichtbar`,
      what: (title) => `Ein Link deines Produkts „${title}“ funktioniert wieder (automatisch geprüft), daher ist das Produkt wieder sichtbar.`,
    },
  },
  it: {
    myProducts: 'Apri I miei prodotti',
    hidden: {
      subject: (title) => `Il tuo prodotto «${title}» è stato nascosto: il link non funziona più`,
      what: (title, hours) => `Nessuno dei link al negozio del tuo prodotto «${title}» funziona più: lo abbiamo verificato automaticamente due volte, ad almeno ${hours} ore di distanza. Lo abbiamo nascosto perché nessuno finisca su una pagina esaurita o eliminata.`,
      fix: 'Se il prodotto è ancora in vendita a un altro indirizzo, cambia i suoi link da I miei prodotti: appena un link funziona, torna visibile da solo.',
    },
    restored: {
      subject: (title) => `Il tuo prodotto «${title}» è di nuovo visibile`,
      what: (title) => `Un link del tuo prodotto «${title}» funziona di nuovo (verificato automaticamente), quindi il prodotto è di nuovo visibile.`,
    },
  },
  fr: {
    myProducts: 'Ouvrir Mes produits',
    hidden: {
      subject: (title) => `Ton produit « ${title} » a été masqué : son lien ne fonctionne plus`,
      what: (title, hours) => `Aucun des liens boutique de ton produit « ${title} » ne fonctionne plus : nous l’avons vérifié automatiquement deux fois, à au moins ${hours} heures d’intervalle. Nous l’avons masqué pour que personne n’arrive sur une page épuisée ou supprimée.`,
      fix: 'Si le produit est toujours vendu à une autre adresse, change ses liens depuis Mes produits : dès qu’un lien fonctionne, il redevient visible tout seul.',
    },
    restored: {
      subject: (title) => `Ton produit « ${title} » est de nouveau visible`,
      what: (title) => `Un lien de ton produit « ${title} » fonctionne de nouveau (vérifié automatiquement) : le produit est de nouveau visible.`,
    },
  },
};

/** The uploader is told of an automatic hide as of a moderator's (DSA Art. 17), with what fixes it. */
export function linkGoneMail(to: Recipient, title: string, confirmHours: number, myProductsLink: string): Mail {
  const t = inLanguage(TEXTS, to.language);
  return composeMail(to.email, to.language, {
    subject: t.hidden.subject(title),
    name: to.name,
    paragraphs: [t.hidden.what(title, confirmHours), t.hidden.fix],
    action: { label: t.myProducts, url: myProductsLink },
  });
}

export function linkRestoredMail(to: Recipient, title: string, myProductsLink: string): Mail {
  const t = inLanguage(TEXTS, to.language);
  return composeMail(to.email, to.language, {
    subject: t.restored.subject(title),
    name: to.name,
    paragraphs: [t.restored.what(title)],
    action: { label: t.myProducts, url: myProductsLink },
  });
}
