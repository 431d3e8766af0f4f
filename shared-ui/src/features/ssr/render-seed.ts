import { hydrationState } from './hydration.ts';
import { renderScope } from './render-scope.ts';

/** The seed of the page view the server rendered (HydrationState.seed); undefined once that page is left. */
export function renderSeed(): number | undefined {
  return renderScope()?.seed ?? hydrationState()?.seed;
}
