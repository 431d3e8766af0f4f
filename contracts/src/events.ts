/**
 * The id of the search panel's listbox. The header's combobox (shell) names it in aria-controls and the panel
 * (mf-search) renders it: two builds, one id, so it lives here.
 */
export const SEARCH_LISTBOX_ID = 'search-listbox';

/** What the header's search box asks of the panel: focus stays in the box, so its keys act on the panel. */
export type SearchCommand = 'open' | 'close' | 'next' | 'previous' | 'choose';

/** The events the shell and the remotes exchange over the bus, with their payloads. Declared once, here. */
export interface BusEvents {
  /** The header's search box: the query as typed (an empty string closes the search panel). */
  'search:query': { query: string };
  /** The search box's keys and clicks for the panel: open or close it, move its active option, open that option. */
  'search:command': { command: SearchCommand };
  /**
   * The panel's state for the box's combobox attributes: `expanded` is true only while the listbox
   * (SEARCH_LISTBOX_ID) is in the page; `activeOptionId` is the id of the option the arrow keys reached.
   */
  'search:panel': { expanded: boolean; activeOptionId: string | null };
  /** A product was favourited or unfavourited by the signed-in user. */
  'favourite:changed': { productId: number; favourite: boolean };
  /** The signed-in user reviewed a product. */
  'review:added': { productId: number; stars: number };
  /** The signed-in user uploaded or edited a product. */
  'product:uploaded': { productId: number; slug: string };
  /** The signed-in user deleted one of their products. */
  'product:deleted': { productId: number };
  /**
   * The API refused the session of a signed-in user mid-visit (a 401 to a call sent with the stored token, or
   * without one after another tab signed out): the session store asks them to sign in again in place.
   */
  'session:expired': { url: string };
}

export type BusEventName = keyof BusEvents;
