/**
 * Every react-router export the front-end packages use outside their tests. The shared react-router is built
 * with only these (shared-deps.ts), and whichever package loads first provides it to all the others, so a
 * name missing here would be undefined in a remote at runtime: router-exports.test.ts keeps the list complete.
 */
export const ROUTER_EXPORTS = [
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
] as const;
