import { i18n, initI18n, registerLocales } from '@linkhunt/shared-ui/features/i18n/i18n.ts';

/** The shell's own words in English, as bootstrap registers them; call before renderWithProviders. */
export async function loadShellWords(): Promise<void> {
  registerLocales('shell', (language) => import(`../locales/${language}.json`));
  await initI18n('en');
  await i18n.loadNamespaces('shell');
}
