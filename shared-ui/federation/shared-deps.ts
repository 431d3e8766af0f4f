import { TREE_SHAKEN_EXPORTS } from './tree-shaken-exports.ts';

/**
 * The one shared-dependency map of the host and every remote. Everything here is a singleton: two Reacts
 * break hooks, and two copies of a store split the state.
 *
 * From shared-ui only the modules that hold page-wide state are shared, by exact path: the shell imports each
 * of them at start, so a remote always gets the shell's instance and never downloads its own. Components are
 * not shared: a shared module is imported by every remote as soon as it starts (the plugin resolves all of a
 * remote's shares up front), so a prefix share made the category page download the home page's carousel and
 * the standalone mount. Bundled into each remote, a component loads with the page that uses it. Their state
 * still meets the shell's: every store is kept on globalThis (`globalSingleton`), whichever copy asks.
 *
 * react-router-dom is not here: in v7 it only re-exports react-router, and the host loads every share it lists
 * when it starts, so listing it cost every page the whole router again (59 KB gzip) though nothing imports it.
 * The lint forbids importing it instead (eslint.config.js), so no package can bring a second router.
 */
const singleton = { singleton: true } as const;

const sharedUiState = [
  'features/api/api-client.ts',
  'features/bus/event-bus.ts',
  'features/config/site-config.ts',
  'features/i18n/i18n.ts',
  'features/query/query-client.ts',
  'features/session/session-store.ts',
  'features/toasts/toast-store.ts',
] as const;

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
  zustand: { ...singleton, requiredVersion: '^5.1.0' },
  '@tanstack/react-query': { ...singleton, requiredVersion: '^5.108.0' },
  i18next: { ...singleton, requiredVersion: '^26.7.0' },
  'react-i18next': { ...singleton, requiredVersion: '^17.1.0', ...treeShaken('react-i18next') },
  ...Object.fromEntries(
    sharedUiState.map((path) => [`@linkhunt/shared-ui/${path}`, { ...singleton, requiredVersion: false }] as const),
  ),
};
