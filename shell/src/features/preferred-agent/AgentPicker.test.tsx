import { PREFERRED_AGENT_STORAGE_KEY } from '@linkhunt/contracts/agents';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { preferredAgentStore } from '@linkhunt/shared-ui/features/preferred-agent/preferred-agent-store.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderOnServerThenHydrate } from '@linkhunt/shared-ui/test/hydrate.tsx';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { registerUiLocales } from '@linkhunt/shared-ui/locales/register-ui-locales.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { AgentPicker } from './AgentPicker.tsx';

const AGENTS = [
  { agent: 'cnfans', name: 'CNFans' },
  { agent: 'kakobuy', name: 'Kakobuy' },
  { agent: 'mulebuy', name: 'Mulebuy' },
];

/** GET /agents, and POST /auth/update answering the account with the agent it was sent. */
function fakeAgentsApi(agents: Reply = results(AGENTS)) {
  return fakeApi((request) => {
    if (request.url === '/agents') return agents;
    const sent = request.data instanceof FormData ? request.data.get('preferred_agent') : null;
    return { data: { user: { data: anOwnUser({ preferred_agent: sent ? (sent as 'kakobuy') : null }) } } };
  });
}

const select = () => screen.getByRole('combobox', { name: 'My agent' }) as HTMLSelectElement;
/** The options' names; read off the element (role queries are slow enough in jsdom to make a waitFor time out). */
const options = (box: HTMLSelectElement = select()) => Array.from(box.options, (option) => option.textContent);
/** What the closed control shows: the chosen agent's name, or "My agent". */
const face = (container: HTMLElement = document.body) => container.querySelector('label > [aria-hidden="true"]')?.textContent;

beforeAll(async () => {
  await loadShellWords();
  registerUiLocales();
  await i18n.loadNamespaces('ui');
});
beforeEach(() => {
  sessionStore.setState({ status: 'unauthenticated', user: null });
  preferredAgentStore().setState({ value: null });
});
afterEach(() => {
  restoreApi();
  localStorage.clear();
  sessionStore.setState({ status: 'pending', user: null });
});

describe('AgentPicker', () => {
  it('offers the site’s agents in its order after "None", and keeps the choice in the browser', async () => {
    const api = fakeAgentsApi();
    const { user } = await renderWithProviders(<AgentPicker />);
    const box = select();
    await waitFor(() => expect(options(box)).toEqual(['None', 'CNFans', 'Kakobuy', 'Mulebuy']));
    expect(select().value).toBe('');
    expect(face()).toBe('My agent');

    await user.selectOptions(select(), 'Kakobuy');
    expect(select().value).toBe('kakobuy');
    expect(face()).toBe('Kakobuy');
    expect(localStorage.getItem(PREFERRED_AGENT_STORAGE_KEY)).toBe('kakobuy');
    expect(api.requests.map((request) => request.url)).toEqual(['/agents']);

    await user.selectOptions(select(), 'None');
    expect(face()).toBe('My agent');
    expect(localStorage.getItem(PREFERRED_AGENT_STORAGE_KEY)).toBeNull();
  });

  it('saves a signed-in user’s choice to their account', async () => {
    sessionStore.setState({ status: 'authenticated', user: anOwnUser({ preferred_agent: null }) });
    const api = fakeAgentsApi();
    const { user } = await renderWithProviders(<AgentPicker />);
    const box = select();
    await waitFor(() => expect(options(box)).toContain('Mulebuy'));
    await user.selectOptions(select(), 'Mulebuy');
    await waitFor(() => expect(sessionStore.getState().user?.preferred_agent).toBe('mulebuy'));
    const update = api.requests.find((request) => request.url === '/auth/update');
    expect(update?.data instanceof FormData && update.data.get('preferred_agent')).toBe('mulebuy');
  });

  it('keeps a choice the site no longer offers (or before the list comes) as the shown value', async () => {
    preferredAgentStore().setState({ value: 'superbuy' });
    fakeAgentsApi({ status: 503, data: null });
    await renderWithProviders(<AgentPicker />);
    expect(options()).toEqual(['None', 'Superbuy']);
    expect(select().value).toBe('superbuy');
    expect(face()).toBe('Superbuy');
  });

  it('renders the same for everyone on the server, asks for the agents only once hydrated, then shows the visitor’s', async () => {
    localStorage.setItem(PREFERRED_AGENT_STORAGE_KEY, 'kakobuy');
    preferredAgentStore().setState({ value: 'kakobuy' });
    const api = fakeAgentsApi();
    const page = (
      <I18nextProvider i18n={i18n}>
        <AgentPicker />
      </I18nextProvider>
    );
    const view = await renderOnServerThenHydrate(page, () => expect(api.requests).toEqual([]));
    try {
      expect(view.serverHtml).toContain('<option value="" selected="">None</option></select>');
      expect(view.serverHtml).toContain('disabled=""');
      expect(view.serverHtml).toContain('>My agent</span>');
      expect(view.complaints).toEqual([]);
      const hydrated = within(view.container).getByRole('combobox', { name: 'My agent' }) as HTMLSelectElement;
      expect(hydrated.disabled).toBe(false);
      expect(face(view.container)).toBe('Kakobuy');
      await waitFor(() => expect(options(hydrated)).toEqual(['None', 'CNFans', 'Kakobuy', 'Mulebuy']));
      expect(hydrated.value).toBe('kakobuy');
      expect(api.requests.map((request) => request.url)).toEqual(['/agents']);
    } finally {
      view.unmount();
    }
  });
});
