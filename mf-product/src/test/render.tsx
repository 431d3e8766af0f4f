import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { i18n, initI18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { renderWithProviders, TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { NAMESPACE } from '../register-locales.ts';

export const PRODUCT_ROUTE = '/en/product/retro-runner';
export const SITE: SiteConfig = { apiUrl: TEST_API_URL, siteUrl: 'https://linkhunt.test' };

/**
 * Renders in English with this package's words already loaded, so the component is on screen as soon as this
 * resolves. The route defaults to the product page of Retro Runner and the site configuration to `SITE`.
 */
export async function renderLoaded(ui: ReactElement, { route = PRODUCT_ROUTE, siteConfig = SITE }: { route?: string; siteConfig?: SiteConfig } = {}) {
  await initI18n('en');
  await i18n.loadNamespaces(NAMESPACE);
  return renderWithProviders(ui, { route, siteConfig });
}

/**
 * Lets every pending answer of the fake API settle (it uses no timers, so one macrotask is enough) and React
 * commit what follows. Only for asserting that something did NOT happen: what does happen is awaited.
 */
export const settle = () => act(() => new Promise<void>((done) => setTimeout(done, 0)));
