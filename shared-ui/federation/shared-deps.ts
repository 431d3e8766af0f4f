/**
 * The one shared-dependency map of the host and every remote. Everything here is a singleton: two Reacts
 * break hooks, and two copies of a store split the state. `@linkhunt/shared-ui/` is a prefix share, so each
 * of its modules (session, bus, i18n, components) is provided once, by whoever loads first (the shell).
 */
const singleton = { singleton: true } as const;

export const sharedDeps = {
  react: { ...singleton, requiredVersion: '^19.3.0' },
  'react-dom': { ...singleton, requiredVersion: '^19.3.0' },
  'react-router': { ...singleton, requiredVersion: '^7.18.0' },
  'react-router-dom': { ...singleton, requiredVersion: '^7.18.0' },
  zustand: { ...singleton, requiredVersion: '^5.1.0' },
  i18next: { ...singleton, requiredVersion: '^26.7.0' },
  'react-i18next': { ...singleton, requiredVersion: '^17.1.0' },
  '@linkhunt/shared-ui/': { ...singleton, requiredVersion: false },
} as const;
