import { HYDRATION_STATE_ID, type HydrationState } from '@linkhunt/contracts/ssr';
import { globalSingleton } from '../../lib/global-singleton.ts';

/**
 * The server's HydrationState while the page the server rendered is still the one shown. Kept on globalThis:
 * every remote bundles its own copy of the hooks that read it.
 */
const holder = globalSingleton<{ state: HydrationState | null; read: boolean }>('hydration', () => ({ state: null, read: false }));

/** The state the server put in the page, read once from the DOM; null on a page the server did not render. */
export function hydrationState(): HydrationState | null {
  if (!holder.read && typeof document !== 'undefined') {
    holder.read = true;
    const text = document.getElementById(HYDRATION_STATE_ID)?.textContent;
    holder.state = text ? (JSON.parse(text) as HydrationState) : null;
  }
  return holder.state;
}

/** The first navigation ends the server's page: from then on no area is on the page already (serverRemotes). */
export function endHydration(): void {
  holder.read = true;
  holder.state = null;
}
