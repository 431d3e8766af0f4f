import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { i18n, initI18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import type { ReactElement } from 'react';
import { NAMESPACE } from '../register-locales.ts';

/**
 * Renders with this package's English words already loaded, so what the component shows first (its
 * skeletons, or nothing) is on screen as soon as this resolves. Home blocks render at /en/index.
 */
export async function renderLoaded(ui: ReactElement, route = '/en/index', siteConfig?: SiteConfig) {
  await initI18n('en');
  await i18n.loadNamespaces(NAMESPACE);
  return renderWithProviders(ui, { route, siteConfig });
}
