import type { ExposeOf, RemoteId } from '@linkhunt/contracts/remotes';

export interface RemoteRoute<R extends RemoteId = RemoteId> {
  /** Under /{lang}, in react-router's syntax (`:name` is one segment). */
  path: string;
  remote: R;
  expose: ExposeOf<R>;
  /** Only with a session (spec section 4). */
  guarded?: boolean;
}

const route = <R extends RemoteId>(path: string, remote: R, expose: ExposeOf<R>, guarded = false): RemoteRoute =>
  ({ path, remote, expose, guarded }) as RemoteRoute;

/**
 * The pages the remotes serve. The router is built from this list, and so is the preload in index.html
 * (boot-preload.ts), which starts the page's remote before the shell's code has even arrived.
 * Literal paths come before the parameter they would match (product/new before product/:slug).
 */
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  route('index', 'mf-catalogue', './Home'),
  route('cat/:category', 'mf-catalogue', './CategoryPage'),
  route('brand/:slug', 'mf-catalogue', './BrandPage'),
  route('search', 'mf-search', './SearchPage'),
  route('product/new', 'mf-account', './ProductFormPage', true),
  route('product/edit/:slug', 'mf-account', './ProductFormPage', true),
  route('product/:slug', 'mf-product', './ProductPage'),
  route('user/:username', 'mf-account', './UserPage'),
  route('auth', 'mf-account', './LoginPage'),
  route('auth/register', 'mf-account', './RegisterPage'),
  route('auth/profile', 'mf-account', './ProfilePage', true),
  route('auth/favs', 'mf-account', './FavouritesPage', true),
  route('auth/products', 'mf-account', './MyProductsPage', true),
  route('auth/settings', 'mf-account', './SettingsPage', true),
  // The mailed links: no session needed (the token in the query is posted from the browser only).
  route('verify-email', 'mf-account', './VerifyEmailPage'),
  route('forgot-password', 'mf-account', './ForgotPasswordPage'),
  route('reset-password', 'mf-account', './ResetPasswordPage'),
  // The moderation console checks the session itself rather than behind the guard: the server renders it (its
  // title and noindex) as "checking access", and a visitor without the role reads why instead of being sent away.
  route('admin', 'mf-admin', './ReportsPage'),
  route('admin/reports', 'mf-admin', './ReportsPage'),
  route('admin/users', 'mf-admin', './UsersPage'),
  route('admin/audit', 'mf-admin', './AuditPage'),
  route('admin/platform', 'mf-admin', './PlatformPage'),
];
