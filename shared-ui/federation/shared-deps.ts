import { readFileSync } from 'node:fs';

/**
 * The one shared-dependency map of the site. Everything here is a singleton: two Reacts break hooks, and two
 * routers or i18next instances would not see each other's context.
 *
 * The shell provides every package here, from its own bundle, by registering them with the federation runtime
 * at start (shell/src/features/remotes/host-shares.ts): no generated share loaders on its side, and its bundler
 * keeps of react-router, react-i18next and TanStack Query only the exports the packages use
 * (tree-shaken-exports.ts). A built remote runs only inside the shell, so it declares them `import: false`
 * (remote-vite-config.ts): it ships no copy and no fallback loader, only a wrapper per package with the names it
 * imports. A remote's standalone page is a plain build with its own copies; its dev server keeps its own too.
 * Measured on the home page (first-load JS, gzip -9): the plugin's loaders on both sides cost 223.0 KB where
 * this costs 183.5 KB, with the router and query changes of the same series.
 *
 * Nothing of shared-ui is shared, nor zustand: every module of shared-ui that holds page-wide state (the API
 * client, the bus, the site config, i18n, the query client, the session and toast stores) keeps it on globalThis
 * (`globalSingleton`), so whichever copy asks first creates it and every copy reaches the same one, as on the
 * server, where each remote bundles them. A store's instance comes from whichever zustand created it;
 * `useStore` of another copy subscribes to it through React's useSyncExternalStore, and React is shared.
 *
 * react-router-dom is not here: in v7 it only re-exports react-router. The lint forbids importing it instead
 * (eslint.config.js), so no package can bring a second router.
 */
const singleton = { singleton: true } as const;

export const sharedDeps = {
  react: { ...singleton, requiredVersion: '^19.3.0' },
  'react-dom': { ...singleton, requiredVersion: '^19.3.0' },
  // A remote's lifecycles mount with it (its own copy would be a second React DOM).
  'react-dom/client': { ...singleton, requiredVersion: '^19.3.0' },
  'react-router': { ...singleton, requiredVersion: '^7.18.0' },
  // One cache for the page: the query client lives on globalThis too, but each copy of TanStack Query would
  // bring its own focus, online and batching managers (11.7 KB gzip each).
  '@tanstack/react-query': { ...singleton, requiredVersion: '^5.108.0' },
  i18next: { ...singleton, requiredVersion: '^26.7.0' },
  'react-i18next': { ...singleton, requiredVersion: '^17.1.0' },
};

export type SharedName = keyof typeof sharedDeps;

/** What the shell registers each share with: the version installed for `packageDir`, and the range remotes ask for. */
export type HostShareInfo = Record<SharedName, { version: string; requiredVersion: string }>;

export function hostShareInfo(packageDir: URL): HostShareInfo {
  const entries = Object.entries(sharedDeps).map(([name, { requiredVersion }]) => {
    const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : (name.split('/')[0] ?? name);
    const { version } = JSON.parse(readFileSync(new URL(`node_modules/${pkg}/package.json`, packageDir), 'utf8')) as { version: string };
    return [name, { version, requiredVersion }];
  });
  return Object.fromEntries(entries) as HostShareInfo;
}
