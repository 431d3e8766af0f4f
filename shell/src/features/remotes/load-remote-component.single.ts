import type { ExposeOf, RemoteId } from '@linkhunt/contracts/remotes';
import type { ComponentType } from 'react';

/**
 * The single-application build (`vite build --mode single`, used by the benchmarks to price federation):
 * the same pages, imported straight from the remotes' sources into one bundle instead of federated in.
 * Vite picks this file over load-remote-component.ts in that mode (shell/vite.config.ts).
 */
type PageModule = () => Promise<{ default: ComponentType }>;

const PAGES: { [R in RemoteId]: Record<ExposeOf<R>, PageModule> } = {
  'mf-catalogue': {
    './Home': () => import('../../../../mf-catalogue/src/exposes/Home.tsx'),
    './BrandPage': () => import('../../../../mf-catalogue/src/exposes/BrandPage.tsx'),
    './CategoryPage': () => import('../../../../mf-catalogue/src/exposes/CategoryPage.tsx'),
  },
  'mf-product': {
    './ProductPage': () => import('../../../../mf-product/src/exposes/ProductPage.tsx'),
  },
  'mf-search': {
    './SearchPanel': () => import('../../../../mf-search/src/exposes/SearchPanel.tsx'),
    './SearchPage': () => import('../../../../mf-search/src/exposes/SearchPage.tsx'),
  },
  'mf-account': {
    './LoginPage': () => import('../../../../mf-account/src/exposes/LoginPage.tsx'),
    './RegisterPage': () => import('../../../../mf-account/src/exposes/RegisterPage.tsx'),
    './ProfilePage': () => import('../../../../mf-account/src/exposes/ProfilePage.tsx'),
    './ProductFormPage': () => import('../../../../mf-account/src/exposes/ProductFormPage.tsx'),
    './MyProductsPage': () => import('../../../../mf-account/src/exposes/MyProductsPage.tsx'),
    './FavouritesPage': () => import('../../../../mf-account/src/exposes/FavouritesPage.tsx'),
    './SettingsPage': () => import('../../../../mf-account/src/exposes/SettingsPage.tsx'),
    './UserPage': () => import('../../../../mf-account/src/exposes/UserPage.tsx'),
    './VerifyEmailPage': () => import('../../../../mf-account/src/exposes/VerifyEmailPage.tsx'),
    './ForgotPasswordPage': () => import('../../../../mf-account/src/exposes/ForgotPasswordPage.tsx'),
    './ResetPasswordPage': () => import('../../../../mf-account/src/exposes/ResetPasswordPage.tsx'),
  },
  'mf-admin': {
    './ReportsPage': () => import('../../../../mf-admin/src/exposes/ReportsPage.tsx'),
    './UsersPage': () => import('../../../../mf-admin/src/exposes/UsersPage.tsx'),
    './AuditPage': () => import('../../../../mf-admin/src/exposes/AuditPage.tsx'),
    './PlatformPage': () => import('../../../../mf-admin/src/exposes/PlatformPage.tsx'),
  },
};

export function loadRemoteComponent<R extends RemoteId>(remote: R, expose: ExposeOf<R>): Promise<{ default: ComponentType }> {
  return PAGES[remote][expose]();
}
