import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { globalSingleton } from '../runtime/global-singleton.ts';
import { LANGUAGES, type Language } from './languages.ts';

/** Loads one language of one namespace; each package bundles its own translations and registers them here. */
export type LocaleLoader = (language: Language) => Promise<{ default: ResourceKey }>;

const loaders = globalSingleton('i18n-loaders', () => new Map<string, LocaleLoader>());

/**
 * A namespace per package (shell, ui, catalogue, product, search, account). Only the active language of a
 * namespace is fetched, when a component first asks for it, so a remote's words travel with the remote.
 */
export function registerLocales(namespace: string, loader: LocaleLoader): void {
  loaders.set(namespace, loader);
}

const registryBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const loader = loaders.get(namespace);
    if (!loader) return callback(new Error(`no translations registered for ${namespace}`), false);
    loader(language as Language).then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n: I18n = globalSingleton('i18n', () => i18next.createInstance());

/** Started once by the shell (or a remote's standalone page) before the first render. */
export function initI18n(language: Language): Promise<unknown> {
  if (i18n.isInitialized) return i18n.changeLanguage(language);
  return i18n
    .use(registryBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // No fallback language: i18next would fetch it too, on top of the active one (every locale has every key).
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: [],
      defaultNS: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}
