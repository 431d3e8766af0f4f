import i18next, { type BackendModule, type i18n as I18n, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { globalSingleton } from '../../lib/global-singleton.ts';
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

/** Words already at hand for the first render: namespace → resources of the page's language (HydrationState.words). */
export type PreloadedWords = Record<string, ResourceKey>;

function initOptions(language: Language, words?: PreloadedWords): InitOptions {
  return {
    lng: language,
    // No fallback language: i18next would fetch it too, on top of the active one (every locale has every key).
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: [],
    defaultNS: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    // The server's words for this page; other namespaces and languages still load through the registry.
    ...(words && { resources: { [language]: words }, partialBundledLanguages: true }),
  };
}

/** Started once by the shell (or a remote's standalone page) before the first render. */
export function initI18n(language: Language, words?: PreloadedWords): Promise<unknown> {
  if (i18n.isInitialized) return i18n.changeLanguage(language);
  return i18n.use(registryBackend).use(initReactI18next).init(initOptions(language, words));
}

/**
 * An instance of its own for one server render, given to the tree by an I18nextProvider: two requests in two
 * languages never share one. Not registered with react-i18next globally, for the same reason.
 */
export async function createRenderI18n(language: Language, namespaces: readonly string[]): Promise<I18n> {
  const instance = i18next.createInstance().use(registryBackend);
  await instance.init(initOptions(language));
  await instance.loadNamespaces([...namespaces]);
  return instance;
}
