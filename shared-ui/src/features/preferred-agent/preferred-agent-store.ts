import { type BuyingAgent, isBuyingAgent, PREFERRED_AGENT_STORAGE_KEY } from '@linkhunt/contracts/agents';
import { accountPreference } from '../account-preference/account-preference.ts';

/** The visitor's buying agent: the one whose link the get-link dialog offers first. */
export const preferredAgent = accountPreference<BuyingAgent>({
  name: 'preferred-agent',
  storageKey: PREFERRED_AGENT_STORAGE_KEY,
  field: 'preferred_agent',
  isValid: isBuyingAgent,
  saveFailedKey: 'ui:preferredAgent.saveFailed',
});

export const preferredAgentStore = preferredAgent.store;
export const choosePreferredAgent = preferredAgent.choose;
