import { type RouteObject, useRoutes } from 'react-router';
import { lazyPage } from '../lib/lazy-page.ts';
import { LanguageRoute, RootRedirect } from '../features/language/LanguageRoute.tsx';
import { Layout } from './layout/Layout.tsx';
import { RouteErrorBoundary } from '../features/pages/RouteError.tsx';
import { RemoteArea } from '../features/remotes/RemoteArea.tsx';
import { ProtectedRoute } from '../features/session/ProtectedRoute.tsx';
import { REMOTE_ROUTES } from './remote-routes.ts';

const DocumentPage = lazyPage(() => import('../features/pages/DocumentPage.tsx'));
const ContactPage = lazyPage(() => import('../features/pages/ContactPage.tsx'));
const NotFoundPage = lazyPage(() => import('../features/pages/NotFoundPage.tsx'));
const AdBlockNoticePage = lazyPage(() => import('../features/ads/AdBlockNoticePage.tsx'));

/** Spec section 2: every screen under /{lang}, each page served by the remote that owns it. */
const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    path: '/:lang',
    element: (
      <LanguageRoute>
        <Layout />
      </LanguageRoute>
    ),
    children: [
      { index: true, element: <RootRedirect /> },
      ...REMOTE_ROUTES.map(({ path, remote, expose, guarded }) => {
        const area = <RemoteArea remote={remote} expose={expose} />;
        return { path, element: guarded ? <ProtectedRoute>{area}</ProtectedRoute> : area };
      }),
      { path: 'privacy-policy', element: <DocumentPage document="privacy" /> },
      { path: 'cookies-policy', element: <DocumentPage document="cookies" /> },
      { path: 'terms-of-service', element: <DocumentPage document="terms" /> },
      { path: 'about', element: <DocumentPage document="about" /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'adblock', element: <AdBlockNoticePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function Pages() {
  return useRoutes(routes);
}

/**
 * The site's pages, inside the browser's BrowserRouter or the server's StaticRouter. The declarative router,
 * not a data router: no page loads data through the router, and the data router's code (loaders, actions,
 * fetchers, revalidation) was half of react-router's bytes on every first load.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Pages />
    </RouteErrorBoundary>
  );
}
