/**
 * Every export of these shared packages that the front-end packages use outside their tests. Each is shared
 * built with only these names (shared-deps.ts), and whichever package loads first provides it to all the
 * others, so a name missing here would be undefined in a remote at runtime: tree-shaken-exports.test.ts keeps
 * the lists complete. react-router is 63 KB gzip whole, most of it server rendering no page here does.
 */
export const TREE_SHAKEN_EXPORTS = {
  'react-router': [
    'BrowserRouter',
    'Link',
    'NavLink',
    'Navigate',
    'Outlet',
    'Route',
    'RouterProvider',
    'Routes',
    'createBrowserRouter',
    'isRouteErrorResponse',
    'useLocation',
    'useNavigate',
    'useNavigationType',
    'useParams',
    'useRouteError',
  ],
  'react-i18next': ['I18nextProvider', 'Trans', 'initReactI18next', 'useTranslation'],
} as const satisfies Record<string, readonly string[]>;

export type TreeShakenPackage = keyof typeof TREE_SHAKEN_EXPORTS;
