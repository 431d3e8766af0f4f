import { API_RESOURCES, fixedT } from '../i18n/translator.js';
import { type Localized, MAIL_LANGUAGES } from './localized.js';

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * One mail's texts in every language, from the `mail.<name>` resources (api/src/locales): a text becomes a
 * string, or a function where `parameters` names the values its placeholders take, in the order of its arguments
 * (a text with plural forms takes `count`). The mail module keeps its typed `Texts` shape; the words live in the
 * resources with the API's other texts.
 */
export function mailTexts<T>(name: string, parameters: Record<string, readonly string[]> = {}): Localized<T> {
  const english = (API_RESOURCES.en.mail as Record<string, Tree | undefined>)[name];
  if (!english) throw new Error(`no mail texts named ${name}`);
  const build = (t: (key: string, values?: Record<string, string | number>) => string, tree: Tree, path: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(tree)) {
      const base = key.replace(PLURAL, '');
      if (base in out) continue;
      const full = `${path}${base}`;
      if (typeof value !== 'string') out[base] = build(t, value, `${full}.`);
      else {
        const names = parameters[full.slice(`mail.${name}.`.length)];
        out[base] = names
          ? (...args: (string | number)[]) => t(full, Object.fromEntries(names.map((parameter, i) => [parameter, args[i] ?? ''])))
          : t(full);
      }
    }
    return out;
  };
  return Object.fromEntries(MAIL_LANGUAGES.map((language) => [language, build(fixedT(language), english, `mail.${name}.`) as T])) as Localized<T>;
}
