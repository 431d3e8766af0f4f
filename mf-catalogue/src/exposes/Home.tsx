import '../register-locales.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { hydrationState } from '@linkhunt/shared-ui/features/ssr/hydration.ts';
import { homeQueries } from '../features/home/api/home-queries.ts';

// The lists start as soon as the home page's code has loaded, while its words load and it renders: the first
// product image waits on the featured list. A page the server rendered has them already, and a fresh list in
// the cache is not asked again.
if (typeof window !== 'undefined' && !hydrationState()) for (const query of homeQueries()) void queryClient().prefetchQuery(query);

export { default } from '../features/home/components/HomePage.tsx';
