import type { Localized } from './localized.js';

/** How every mail opens: by name, or without one when only an address is known (a visitor's notice). */
export const GREETING: Localized<(name: string | null) => string> = {
  es: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  en: (name) => (name ? `Hi ${name},` : 'Hello,'),
  de: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  it: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
  fr: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
};

/** How every mail closes. */
export const SIGNATURE: Localized<string> = {
  es: 'El equipo de Linkhunt',
  en: 'The Linkhunt team',
  de: 'Dein Linkhunt-Team',
  it: 'Il team di Linkhunt',
  fr: 'L’équipe Linkhunt',
};
