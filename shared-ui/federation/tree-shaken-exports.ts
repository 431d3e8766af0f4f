/**
 * Every export of these shared packages that the front-end packages use outside their tests. Each is shared
 * built with only these names (shared-deps.ts), and whichever package loads first provides it to all the
 * others, so a name missing here would be undefined in a remote at runtime: tree-shaken-exports.test.ts keeps
 * the lists complete. react-router is 63 KB gzip whole, most of it the data router and server rendering no page
 * here uses; TanStack Query's hydration, streaming and devtools helpers are left out too.
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
