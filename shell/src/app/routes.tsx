import type { RouteObject } from 'react-router';
import { lazyPage } from '../features/errors/lazy-page.ts';
import { LanguageRoute, RootRedirect } from '../features/language/LanguageRoute.tsx';
import { Layout } from './layout/Layout.tsx';
import { RouteError } from '../features/pages/RouteError.tsx';
import { RemoteArea } from '../features/remotes/RemoteArea.tsx';
import { ProtectedRoute } from '../features/session/ProtectedRoute.tsx';
import { REMOTE_ROUTES } from './remote-routes.ts';

const DocumentPage = lazyPage(() => import('../features/pages/DocumentPage.tsx'));
const ContactPage = lazyPage(() => import('../features/pages/ContactPage.tsx'));
const NotFoundPage = lazyPage(() => import('../features/pages/NotFoundPage.tsx'));
const AdBlockNoticePage = lazyPage(() => import('../features/ads/AdBlockNoticePage.tsx'));

/** Spec section 2: every screen under /{lang}, each page served by the remote that owns it. */
export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect />, errorElement: <RouteError /> },
  {
    path: '/:lang',
    element: (
      <LanguageRoute>
        <Layout />
      </LanguageRoute>
    ),
    errorElement: <RouteError />,
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
