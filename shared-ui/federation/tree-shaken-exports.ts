/**
 * Every export of these shared packages that the front-end packages use outside their tests. The shell provides
 * each to the remotes as an object of only these names (host-shares.ts), so its bundle keeps no more of the
 * package, and a name missing here would be undefined in a remote at runtime: tree-shaken-exports.test.ts keeps
 * the lists complete. react-router is 63 KB gzip whole, most of it the data router and server rendering no page
 * here uses; of TanStack Query, the observers and helpers no package calls are left out too.
 */
export const TREE_SHAKEN_EXPORTS = {
  'react-router': [
    'BrowserRouter',
    'Link',
    'NavLink',
    'Navigate',
    'Outlet',
    'Route',
    'Routes',
    'useLocation',
    'useNavigate',
    'useNavigationType',
    'useParams',
    'useRoutes',
  ],
  'react-i18next': ['I18nextProvider', 'Trans', 'initReactI18next', 'useTranslation'],
  '@tanstack/react-query': [
    'QueryClient',
    'defaultScheduler',
    'hydrate',
    'infiniteQueryOptions',
    'keepPreviousData',
    'notifyManager',
    'useInfiniteQuery',
    'useMutation',
    'useQuery',
    'useSuspenseInfiniteQuery',
    'useSuspenseQuery',
  ],
} as const satisfies Record<string, readonly string[]>;

export type TreeShakenPackage = keyof typeof TREE_SHAKEN_EXPORTS;
