import type { Store } from '@linkhunt/contracts/limits';

/** The stores' own names: proper names, the same in every language. */
export const STORE_NAMES: Readonly<Record<Store, string>> = { hacoo: 'Hacoo', dhgate: 'DHGate', cnfans: 'CNFans' };
