import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { Component, type ComponentType, createContext, createElement, StrictMode, Suspense, version } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import singleSpaReact from 'single-spa-react';
import { Spinner } from '../../components/spinner/Spinner.tsx';
import { Toaster } from '../../components/toaster/Toaster.tsx';
import { registerUiLocales } from '../../locales/register-ui-locales.ts';
import { setSiteConfig } from '../config/site-config.ts';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { isLanguage, DEFAULT_LANGUAGE } from '../i18n/languages.ts';
import { sessionStore } from '../session/session-store.ts';

/**
 * single-spa-react lifecycles for a remote's own standalone page: the remote's routes with the providers the
 * shell would give it. A parcel does not share the shell's React context, so the shell never uses these;
 * it renders the exposed components directly.
 */
export function standaloneLifecycles(App: ComponentType) {
  const Root = () => (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <Suspense fallback={<Spinner />}>
            <App />
          </Suspense>
          <Toaster />
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>
  );
  return singleSpaReact({
    // What single-spa-react uses of each, by name: a namespace import here would make every remote's share
    // wrapper for React list all of React's exports, on every page.
    React: { Component, createContext, createElement, version },
    ReactDOMClient: { createRoot },
    rootComponent: Root,
    errorBoundary: (error) => <p role="alert">{error.message}</p>,
  });
}

type Lifecycles = ReturnType<typeof standaloneLifecycles>;

/** What the shell does at start, done by a remote alone: configuration, words, session, then mount. */
export async function mountStandalone(name: string, lifecycles: Lifecycles, domElement: HTMLElement): Promise<void> {
  const response = await fetch('./config.json', { cache: 'no-store' });
  setSiteConfig((await response.json()) as SiteConfig);
  registerUiLocales();
  const segment = window.location.pathname.split('/')[1];
  await initI18n(isLanguage(segment) ? segment : DEFAULT_LANGUAGE);
  void sessionStore.getState().check();
  // single-spa would pass these props; a standalone page is its own single-spa.
  const props = { name, domElement, singleSpa: {}, mountParcel: () => undefined } as unknown as Parameters<Lifecycles['mount']>[0];
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
}
