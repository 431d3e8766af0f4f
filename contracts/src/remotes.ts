/**
 * The remotes the shell federates in, and what each exposes. Each exposed module's default export is a
 * React component that takes no props: pages read their parameters from the router the shell provides.
 */
export const REMOTES = {
  'mf-catalogue': { scope: 'mf_catalogue', port: 5001, exposes: ['./Home', './BrandPage', './CategoryPage'] },
  'mf-product': { scope: 'mf_product', port: 5002, exposes: ['./ProductPage'] },
  'mf-search': { scope: 'mf_search', port: 5003, exposes: ['./SearchPanel', './SearchPage'] },
  'mf-account': {
    scope: 'mf_account',
    port: 5004,
    exposes: [
      './LoginPage',
      './RegisterPage',
      './ProfilePage',
      './ProductFormPage',
      './MyProductsPage',
      './FavouritesPage',
      './SettingsPage',
      './UserPage',
      './VerifyEmailPage',
      './ForgotPasswordPage',
      './ResetPasswordPage',
    ],
  },
  /** The moderation console, for moderators and admins: the reports queue, users and the audit log; for admins, the platform. */
  'mf-admin': { scope: 'mf_admin', port: 5005, exposes: ['./ReportsPage', './UsersPage', './AuditPage', './PlatformPage'] },
} as const;

export type RemoteId = keyof typeof REMOTES;
export type ExposeOf<R extends RemoteId> = (typeof REMOTES)[R]['exposes'][number];
export const REMOTE_IDS = Object.keys(REMOTES) as RemoteId[];

/** Every remote also exposes its single-spa-react lifecycles, used by its own standalone page. */
export const LIFECYCLES_EXPOSE = './lifecycles';

/**
 * `/remotes.json` on the shell's host: where each remote's entry lives now. Editing it redeploys a remote, in
 * the browser and in the shell server. `ssrEntry`, the remote's server entry, defaults to `remoteEntry.ssr.js`
 * beside `entry` (the name @module-federation/vite gives it in mf-manifest.json's `ssrRemoteEntry`).
 * `canary`: another version given to `percent` % of visitors (by their bucket); the shell server answers each
 * visitor's remotes.json and pages with the one entry they get, never with this field.
 */
export type RemotesManifest = Record<RemoteId, RemoteLocation & { canary?: RemoteCanary }>;

/** Where one version of a remote lives. */
export interface RemoteLocation {
  entry: string;
  ssrEntry?: string;
}

/** A remote's canary: its version, and the share of visitors (0–100) who get it. */
export interface RemoteCanary extends RemoteLocation {
  percent: number;
}

/** The file a remote's server build writes next to remoteEntry.js. */
export const SSR_ENTRY_FILE = 'remoteEntry.ssr.js';

/**
 * What a remote's server entry exports: each page the remote exposes, as a module whose default export is the
 * page's React component (typed `unknown` here, where React is not a dependency; the shell checks it).
 */
export interface RemoteServerEntry<R extends RemoteId = RemoteId> {
  exposes: { [E in ExposeOf<R>]?: () => Promise<{ default?: unknown }> };
}
