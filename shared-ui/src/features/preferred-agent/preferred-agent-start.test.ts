import { PREFERRED_AGENT_STORAGE_KEY } from '@linkhunt/contracts/agents';
import { expect, it } from 'vitest';
import { anOwnUser } from '../../test/fixtures.ts';
import { sessionStore } from '../session/session-store.ts';
import { preferredAgentStore } from './preferred-agent-store.ts';

// Its own file: the store is made once per page, on first use, and this is what it finds then.
it('starts from the browser’s record, unless the session found at start has an account with a choice', () => {
  localStorage.setItem(PREFERRED_AGENT_STORAGE_KEY, 'kakobuy');
  sessionStore.setState({ status: 'authenticated', user: anOwnUser({ preferred_agent: 'sugargoo' }) });
  expect(preferredAgentStore().getState().value).toBe('sugargoo');
  expect(localStorage.getItem(PREFERRED_AGENT_STORAGE_KEY)).toBe('sugargoo');
});
