/** The events the shell and the remotes exchange over the bus, with their payloads. Declared once, here. */
export interface BusEvents {
  /** The header's search box: the query as typed (an empty string closes the search panel). */
  'search:query': { query: string };
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
