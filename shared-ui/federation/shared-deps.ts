import { TREE_SHAKEN_EXPORTS } from './tree-shaken-exports.ts';

/**
 * The one shared-dependency map of the host and every remote. Everything here is a singleton: two Reacts
 * break hooks, and two routers or i18next instances would not see each other's context.
 *
 * Nothing of shared-ui is shared, nor zustand: every module of shared-ui that holds page-wide state (the API
 * client, the bus, the site config, i18n, the query client, the session and toast stores) keeps it on globalThis
 * (`globalSingleton`), so whichever copy asks first creates it and every copy reaches the same one, as on the
 * server, where each remote bundles them. Shared through federation they cost more than they saved: each share
 * is a generated loader in the shell and again in every remote, and a remote downloaded most of its own copies
 * anyway as the loaders' fallbacks. Unshared, the home page's first-load JS went from 255.7 to 245.7 KB gzip
 * and the category page's from 259.2 to 247.8 (45 scripts to 31). A store's instance comes from whichever
 * zustand created it; `useStore` of another copy subscribes to it through React's useSyncExternalStore, and
 * React is shared.
 *
 * react-router-dom is not here: in v7 it only re-exports react-router, and the host loads every share it lists
 * when it starts, so listing it cost every page the whole router again (59 KB gzip) though nothing imports it.
 * The lint forbids importing it instead (eslint.config.js), so no package can bring a second router.
 */
const singleton = { singleton: true } as const;

/** The runtime plugin every build lists with this map: it makes the runtime use the tree-shaken packages. */
export const sharedRuntimePlugins = [new URL('./tree-shaking-plugin.ts', import.meta.url).pathname];

/** Shared built with only the exports the packages use (tree-shaken-exports.ts, kept complete by a test). */
const treeShaken = (pkg: keyof typeof TREE_SHAKEN_EXPORTS) => ({
  treeShaking: { mode: 'server-calc' as const, usedExports: [...TREE_SHAKEN_EXPORTS[pkg]] },
});

export const sharedDeps = {
  react: { ...singleton, requiredVersion: '^19.3.0' },
  'react-dom': { ...singleton, requiredVersion: '^19.3.0' },
  'react-router': { ...singleton, requiredVersion: '^7.18.0', ...treeShaken('react-router') },
  // One cache for the page: the query client lives on globalThis too, but each copy of TanStack Query would
  // bring its own focus, online and batching managers (11.7 KB gzip each).
  '@tanstack/react-query': { ...singleton, requiredVersion: '^5.108.0', ...treeShaken('@tanstack/react-query') },
  i18next: { ...singleton, requiredVersion: '^26.7.0' },
  'react-i18next': { ...singleton, requiredVersion: '^17.1.0', ...treeShaken('react-i18next') },
};
