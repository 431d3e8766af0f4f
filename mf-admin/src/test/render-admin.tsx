import { i18n, initI18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import type { ReactElement } from 'react';
import { NAMESPACE } from '../register-locales.ts';

/**
 * shared-ui's renderWithProviders (English, the real translations) with the console's words already loaded, so
 * the first render shows the page rather than the Suspense fallback.
 */
export async function renderAdmin(ui: ReactElement, options: Parameters<typeof renderWithProviders>[1] = {}) {
  await initI18n('en');
  await i18n.loadNamespaces(NAMESPACE);
  return renderWithProviders(ui, options);
}
