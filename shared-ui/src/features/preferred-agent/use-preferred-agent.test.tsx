import { PREFERRED_AGENT_STORAGE_KEY } from '@linkhunt/contracts/agents';
import { act } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderOnServerThenHydrate } from '../../test/hydrate.tsx';
import { choosePreferredAgent } from './preferred-agent-store.ts';
import { usePreferredAgent } from './use-preferred-agent.ts';

function Agent() {
  return <output>{usePreferredAgent() ?? 'none'}</output>;
}

afterEach(() => localStorage.clear());

it('renders no choice on the server and while hydrating, then the browser’s, and follows a new choice', async () => {
  localStorage.setItem(PREFERRED_AGENT_STORAGE_KEY, 'kakobuy');
  const view = await renderOnServerThenHydrate(<Agent />);
  try {
    expect(view.serverHtml).toBe('<output>none</output>');
    expect(view.complaints).toEqual([]);
    expect(view.container.textContent).toBe('kakobuy');
    await act(() => choosePreferredAgent('mulebuy'));
    expect(view.container.textContent).toBe('mulebuy');
  } finally {
    view.unmount();
  }
});
