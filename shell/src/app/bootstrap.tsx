import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { i18n, initI18n, registerLocales } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { isLanguage } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { endHydration, hydrationState } from '@linkhunt/shared-ui/features/ssr/hydration.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { registerUiLocales } from '@linkhunt/shared-ui/locales/register-ui-locales.ts';
import { type ReactNode, StrictMode, startTransition, useState } from 'react';
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useLocation } from 'react-router';
import { registerHostShares } from 'virtual:linkhunt/host-shares';
import { initConsentMode } from '../features/consent/consent-mode.ts';
import { detectLanguage } from '../features/language/language-path.ts';
import { registerRemotesFromManifest } from '../features/remotes/remotes-registry.ts';
import { takeBootFetch } from './boot-preload.ts';
import { fetchRuntimeFile } from './runtime-file.ts';
import { AppRoutes } from './routes.tsx';

/**
 * The server's areas are its page's only: the first navigation ends them (hydration.ts). In the render of the
 * new location, before its remote area starts loading, as the data router's subscription did. One child, no
 * element of its own: the tree keeps the server's shape, so useId's ids match.
 */
function EndHydrationOnNavigation({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  const [first] = useState(key);
  if (key !== first) endHydration();
  return children;
}

function loadSiteConfig(): Promise<SiteConfig> {
  return takeBootFetch('config') ?? fetchRuntimeFile<SiteConfig>('config.json');
}

/**
 * Start order: consent defaults before anything else; then, in parallel, the configuration, the words of the
 * first screen and the remotes' addresses. Only the configuration and the words are awaited: a remote is
 * awaited by the area that shows it.
 */
export async function bootstrap(container: HTMLElement): Promise<void> {
  initConsentMode();
  // A page the server rendered says which language and words it was rendered with.
  const rendered = hydrationState();
  const segment = window.location.pathname.split('/')[1];
  const language = isLanguage(segment) ? segment : detectLanguage(window.location.search, navigator.languages);
  // Before any remote loads: each takes React and the other shared packages from the shell.
  registerHostShares();
  registerUiLocales();
  registerLocales('shell', (lng) => import(`../locales/${lng}.json`));
  void registerRemotesFromManifest().catch((error: unknown) => console.error('remotes.json could not be read', error));
  const [config] = await Promise.all([
    loadSiteConfig(),
    initI18n(language, rendered?.language === language ? rendered.words : undefined).then(() => i18n.loadNamespaces(['shell', 'ui'])),
  ]);
  setSiteConfig(config);
  void sessionStore.getState().check();
  // Someone else's answers (their products, their favourites) must not show to whoever signs in next here.
  sessionStore.subscribe((now, before) => {
    if (before.user && now.user?.id !== before.user.id) void queryClient().resetQueries();
  });
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <EndHydrationOnNavigation>
            <AppRoutes />
          </EndHydrationOnNavigation>
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>
  );
  if (!rendered) {
    createRoot(container).render(app);
    return;
  }
  // The answers the server rendered with: the first render reads them and asks the API nothing.
  hydrate(queryClient(), rendered.queries);
  // The server renders the app inside <div id="root"> in <body>, the second of <html>'s two children (<head>,
  // <body>): React derives useId's ids from the tree's forks, so the browser hydrates the app as the second of
  // two children too. Otherwise every id differs from the server's, and an element made after hydration (a
  // carousel's buttons) names an id the server's markup does not have.
  // In a transition, hydration is concurrent: React yields to the browser between pieces of work instead of
  // hydrating the whole page in one blocking task (what Next.js does for the same reason).
  startTransition(() => {
    hydrateRoot(
      container,
      <>
        {null}
        {app}
      </>,
    );
  });
}
