import i18next, { type TFunction } from 'i18next';
import type { MailLanguage } from '@linkhunt/contracts/user';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import type { ApiText, TextValues } from './api-text.js';

export const API_RESOURCES = { es, en, de, it, fr } as const;

/**
 * The API's one i18next instance, read-only after this: a request writes in its language through a fixed `t`
 * (getFixedT), never by changing the instance's language, so concurrent requests cannot mix languages.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(Object.entries(API_RESOURCES).map(([lng, api]) => [lng, { api }])),
  ns: ['api'],
  defaultNS: 'api',
  fallbackLng: 'en',
  supportedLngs: Object.keys(API_RESOURCES),
  initAsync: false,
  // Messages are plain text in JSON answers and mails, escaped (if ever) where they are shown.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Writes messages in one language. */
export interface Translator {
  readonly language: MailLanguage;
  /** A message in this language. */
  (message: ApiText): string;
}

const translators = new Map<MailLanguage, Translator>();

export function translator(language: MailLanguage): Translator {
  let found = translators.get(language);
  if (!found) {
    const t: TFunction = i18n.getFixedT(language);
    const write = (message: ApiText): string => {
      const values = message.values;
      const field = values?.field;
      const options = typeof field === 'string' ? { ...values, field: fieldName(t, field) } : values;
      return t(message.code, options ?? {});
    };
    found = Object.assign(write, { language });
    translators.set(language, found);
  }
  return found;
}

/** A field's name as a sentence says it: `fields.<name>`, or the name with spaces for one the resources lack. */
function fieldName(t: TFunction, field: string): string {
  return t(`fields.${field}`, { defaultValue: field.replace(/_/g, ' ') });
}

/** A plain `t` of one language, for texts that are not API messages (the mails). */
export function fixedT(language: MailLanguage): (key: string, values?: TextValues) => string {
  const t: TFunction = i18n.getFixedT(language);
  return (key, values) => t(key, values ?? {});
}
