import type { Localized } from '../../../mail/localized.js';

export const SIGNATURE: Localized<string> = {
  es: 'El equipo de Linkhunt',
  en: 'The Linkhunt team',
  de: 'Dein Linkhunt-Team',
  it: 'Il team di Linkhunt',
  fr: 'L’équipe Linkhunt',
};
