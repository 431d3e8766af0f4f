import type { Localized } from './localized.js';
import { mailTexts } from './mail-texts.js';

interface Salutation {
  greeting_named(name: string): string;
  greeting: string;
  signature: string;
}

const SALUTATION = mailTexts<Salutation>('salutation', { greeting_named: ['name'] });

const perLanguage = <T>(pick: (salutation: Salutation) => T): Localized<T> =>
  Object.fromEntries(Object.entries(SALUTATION).map(([language, salutation]) => [language, pick(salutation)])) as Localized<T>;

/** How every mail opens: by name, or without one when only an address is known (a visitor's notice). */
export const GREETING: Localized<(name: string | null) => string> = perLanguage((s) => (name) => (name ? s.greeting_named(name) : s.greeting));

/** How every mail closes. */
export const SIGNATURE: Localized<string> = perLanguage((s) => s.signature);
