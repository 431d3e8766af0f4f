import type { BuyingAgent } from '@linkhunt/contracts/agents';
import { useSyncExternalStore } from 'react';
import { preferredAgentStore } from './preferred-agent-store.ts';

const subscribe = (onChange: () => void) => preferredAgentStore().subscribe(onChange);
const snapshot = () => preferredAgentStore().getState().agent;
const serverSnapshot = () => null;

/**
 * The visitor's agent (null: none chosen). Null on the server and while hydrating, so a page renders the same for
 * everyone and stays cacheable; the choice applies from the render after hydration.
 */
export function usePreferredAgent(): BuyingAgent | null {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
