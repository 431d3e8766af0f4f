import type { RouteObject } from 'react-router';
import { lazyPage } from '../features/errors/lazy-page.ts';
import { LanguageRoute, RootRedirect } from '../features/language/LanguageRoute.tsx';
import { Layout } from '../features/layout/Layout.tsx';
import { RouteError } from '../features/pages/RouteError.tsx';
import { RemoteArea } from '../features/remotes/RemoteArea.tsx';
import { ProtectedRoute } from '../features/session/ProtectedRoute.tsx';

const DocumentPage = lazyPage(() => import('../features/pages/DocumentPage.tsx'));
const ContactPage = lazyPage(() => import('../features/pages/ContactPage.tsx'));
const NotFoundPage = lazyPage(() => import('../features/pages/NotFoundPage.tsx'));
const AdBlockNoticePage = lazyPage(() => import('../features/ads/AdBlockNoticePage.tsx'));

const guarded = (element: React.ReactNode) => <ProtectedRoute>{element}</ProtectedRoute>;

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
      { path: 'index', element: <RemoteArea remote="mf-catalogue" expose="./Home" /> },
      { path: 'cat/:category', element: <RemoteArea remote="mf-catalogue" expose="./CategoryPage" /> },
      { path: 'brand/:slug', element: <RemoteArea remote="mf-catalogue" expose="./BrandPage" /> },
      { path: 'product/new', element: guarded(<RemoteArea remote="mf-account" expose="./ProductFormPage" />) },
      { path: 'product/edit/:slug', element: guarded(<RemoteArea remote="mf-account" expose="./ProductFormPage" />) },
      { path: 'product/:slug', element: <RemoteArea remote="mf-product" expose="./ProductPage" /> },
      { path: 'user/:username', element: <RemoteArea remote="mf-account" expose="./UserPage" /> },
      { path: 'auth', element: <RemoteArea remote="mf-account" expose="./LoginPage" /> },
      { path: 'auth/register', element: <RemoteArea remote="mf-account" expose="./RegisterPage" /> },
      { path: 'auth/profile', element: guarded(<RemoteArea remote="mf-account" expose="./ProfilePage" />) },
      { path: 'auth/favs', element: guarded(<RemoteArea remote="mf-account" expose="./FavouritesPage" />) },
      { path: 'auth/products', element: guarded(<RemoteArea remote="mf-account" expose="./MyProductsPage" />) },
      { path: 'auth/settings', element: guarded(<RemoteArea remote="mf-account" expose="./SettingsPage" />) },
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
