import type { BuyingAgent } from '@linkhunt/contracts/agents';
import { preferredAgent } from './preferred-agent-store.ts';

/** The visitor's agent (null: none chosen, and on the server and while hydrating: see AccountPreference.useValue). */
export function usePreferredAgent(): BuyingAgent | null {
  return preferredAgent.useValue();
}
