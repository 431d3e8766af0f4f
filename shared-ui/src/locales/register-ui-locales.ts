import { registerLocales } from '../features/i18n/i18n.ts';

/** The shared components' words travel with shared-ui: the shell calls this once, before the first render. */
export function registerUiLocales(): void {
  // `../locales/` rather than `./`: Vite refuses to analyse a bare `./${x}.json` in the importer's own folder
  // (it warns and leaves the import alone, so a build would not emit the language files).
  registerLocales('ui', (language) => import(`../locales/${language}.json`));
}
