import { render, type queries, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { getSiteConfig, setSiteConfig } from '../features/config/site-config.ts';
import { i18n, initI18n } from '../features/i18n/i18n.ts';
import { registerUiLocales } from '../locales/register-ui-locales.ts';

export const TEST_API_URL = 'http://api.test';

interface Options {
  route?: string;
  /** Replaces the site configuration for this render. */
  siteConfig?: SiteConfig;
}

function currentSiteConfig(): SiteConfig | null {
  try {
    return getSiteConfig();
  } catch {
    return null;
  }
}

/**
 * Renders with the real i18n instance in English and the real `ui` translations, so tests assert the words a
 * visitor reads. Links come out under /en because the active language, not the route, builds them.
 * The site configuration is `{ apiUrl: TEST_API_URL }` unless the test passed one or had already set one.
 */
export async function renderWithProviders(
  ui: ReactElement,
  { route = '/es/index', siteConfig }: Options = {},
): Promise<RenderResult & { user: UserEvent }> {
  setSiteConfig(siteConfig ?? currentSiteConfig() ?? { apiUrl: TEST_API_URL });
  registerUiLocales();
  await initI18n('en');
  await i18n.loadNamespaces('ui');
  const user = userEvent.setup();
  // A wrapper rather than a wrapped tree, so `rerender` keeps the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <Suspense fallback={null}>{children}</Suspense>
      </MemoryRouter>
    </I18nextProvider>
  );
  return { ...render<typeof queries>(ui, { wrapper }), user };
}
