import { SEARCH_LISTBOX_ID, type SearchCommand } from '@linkhunt/contracts/events';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { SearchBox, searchPageQuery } from './SearchBox.tsx';

/** Where the router is, with its query: Enter goes to the search page. */
function Location() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

/** The box as the server renders it and the browser hydrates it: outside any router's own rendering. */
const serverPage = (route = '/en/index') => (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter initialEntries={[route]}>
      <SearchBox />
    </MemoryRouter>
  </I18nextProvider>
);

const input = () => screen.getByRole('combobox', { name: 'Search products' }) as HTMLInputElement;

/** What the panel would say: shown or not, and which option the arrows reached. */
const panelSays = (expanded: boolean, activeOptionId: string | null = null) =>
  act(() => bus.publish('search:panel', { expanded, activeOptionId }));

/** The commands the box sends the panel while `run` runs. */
async function commandsDuring(run: () => Promise<void>): Promise<SearchCommand[]> {
  const heard: SearchCommand[] = [];
  const unsubscribe = bus.subscribe('search:command', ({ command }) => heard.push(command));
  await run();
  unsubscribe();
  return heard;
}

/** Whether the box stopped the browser's own action (caret move, search field clearing) for each key pressed. */
async function defaultsPreventedDuring(run: () => Promise<void>): Promise<boolean[]> {
  const prevented: boolean[] = [];
  const listener = (event: KeyboardEvent) => prevented.push(event.defaultPrevented);
  document.addEventListener('keydown', listener);
  await run();
  document.removeEventListener('keydown', listener);
  return prevented;
}

beforeAll(loadShellWords);
beforeEach(() => {
  bus.publish('search:query', { query: '' });
  bus.publish('search:panel', { expanded: false, activeOptionId: null });
});
afterEach(() => vi.restoreAllMocks());

describe('SearchBox', () => {
  it('is a collapsed list-autocomplete combobox naming the panel\'s listbox, with a short placeholder', async () => {
    await renderWithProviders(<SearchBox />);
    const box = input();
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-controls')).toBe(SEARCH_LISTBOX_ID);
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    expect(box.placeholder).toBe('Search');
    expect(box.closest('form')?.getAttribute('role')).toBe('search');
  });

  it('publishes the query on every keystroke', async () => {
    const heard = vi.fn();
    const unsubscribe = bus.subscribe('search:query', heard);
    const { user } = await renderWithProviders(<SearchBox />);
    await user.type(input(), 'bag');
    unsubscribe();
    expect(heard.mock.calls.map(([payload]) => payload)).toEqual([{ query: 'b' }, { query: 'ba' }, { query: 'bag' }]);
    expect(input().value).toBe('bag');
  });

  it('is expanded while the panel shows its listbox, with the active option as its active descendant', async () => {
    await renderWithProviders(<SearchBox />);
    panelSays(true);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    panelSays(true, `${SEARCH_LISTBOX_ID}-7`);
    expect(input().getAttribute('aria-activedescendant')).toBe(`${SEARCH_LISTBOX_ID}-7`);
    panelSays(false, `${SEARCH_LISTBOX_ID}-7`);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('sends Down and Up to the panel instead of moving the caret', async () => {
    const { user } = await renderWithProviders(<SearchBox />);
    await user.type(input(), 'bag');
    let prevented: boolean[] = [];
    const heard = await commandsDuring(async () => {
      prevented = await defaultsPreventedDuring(() => user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}'));
    });
    expect(heard).toEqual(['next', 'next', 'previous']);
    expect(prevented).toEqual([true, true, true]);
  });

  it('leaves the arrows alone while the box is empty', async () => {
    const { user } = await renderWithProviders(<SearchBox />);
    await user.click(input());
    let prevented: boolean[] = [];
    const heard = await commandsDuring(async () => {
      prevented = await defaultsPreventedDuring(() => user.keyboard('{ArrowDown}{ArrowUp}'));
    });
    expect(heard).toEqual([]);
    expect(prevented).toEqual([false, false]);
  });

  it('asks the panel to open the active option on Enter, rather than going to the search page', async () => {
    const { user } = await renderWithProviders(
      <>
        <SearchBox />
        <Location />
      </>,
    );
    await user.type(input(), 'bag');
    panelSays(true, `${SEARCH_LISTBOX_ID}-1`);
    expect(await commandsDuring(() => user.keyboard('{Enter}'))).toEqual(['choose']);
    expect(screen.getByTestId('location').textContent).toBe('/es/index');
  });

  it('closes the panel with Escape and keeps the text and the focus; a second Escape clears the query', async () => {
    const { user } = await renderWithProviders(<SearchBox />);
    await user.type(input(), 'nike');
    panelSays(true, `${SEARCH_LISTBOX_ID}-1`);
    expect(await commandsDuring(() => user.keyboard('{Escape}'))).toEqual(['close']);
    expect(input().value).toBe('nike');
    expect(bus.last('search:query')).toEqual({ query: 'nike' });
    expect(document.activeElement).toBe(input());

    panelSays(false);
    expect(await commandsDuring(() => user.keyboard('{Escape}'))).toEqual([]);
    expect(bus.last('search:query')).toEqual({ query: '' });
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());
  });

  it('marks the Escapes it handles, so neither the browser (which clears a search field) nor the panel acts on them again', async () => {
    const { user } = await renderWithProviders(<SearchBox />);
    await user.type(input(), 'nike');
    panelSays(true);
    expect(await defaultsPreventedDuring(() => user.keyboard('{Escape}'))).toEqual([true]);
    panelSays(false);
    expect(await defaultsPreventedDuring(() => user.keyboard('{Escape}'))).toEqual([true]);
  });

  it('opens the panel again when the box is clicked with a query in it', async () => {
    const { user } = await renderWithProviders(<SearchBox />);
    expect(await commandsDuring(() => user.click(input()))).toEqual([]);
    await user.type(input(), 'bag');
    expect(await commandsDuring(() => user.click(input()))).toEqual(['open']);
    panelSays(true);
    expect(await commandsDuring(() => user.click(input()))).toEqual([]);
  });

  it('shows the query published elsewhere, and keeps it when the header is mounted again', async () => {
    const { unmount } = await renderWithProviders(<SearchBox />);
    act(() => bus.publish('search:query', { query: 'sneakers' }));
    expect(input().value).toBe('sneakers');
    unmount();
    await renderWithProviders(<SearchBox />);
    expect(input().value).toBe('sneakers');
  });

  it('is server-rendered closed and typeable, and hydrates without a mismatch before taking the panel\'s state', async () => {
    await renderWithProviders(<SearchBox />); // loads the words
    bus.publish('search:query', { query: 'bag' });
    bus.publish('search:panel', { expanded: true, activeOptionId: `${SEARCH_LISTBOX_ID}-3` });
    const page = serverPage();
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const server = container.querySelector('input');
    expect(server?.getAttribute('role')).toBe('combobox');
    expect(server?.getAttribute('aria-expanded')).toBe('false');
    expect(server?.getAttribute('aria-controls')).toBe(SEARCH_LISTBOX_ID);
    expect(server?.hasAttribute('aria-activedescendant')).toBe(false);
    // Typeable before hydration and without JavaScript: the form sends it to the search page by itself.
    expect(server?.hasAttribute('readonly')).toBe(false);
    expect(server?.value).toBe('');

    const errors = vi.spyOn(console, 'error');
    const root = await act(async () => hydrateRoot(container, page));
    expect(errors).not.toHaveBeenCalled();
    const hydrated = container.querySelector('input');
    expect(hydrated).toBe(server);
    expect(hydrated?.value).toBe('bag');
    expect(hydrated?.getAttribute('aria-expanded')).toBe('true');
    expect(hydrated?.getAttribute('aria-activedescendant')).toBe(`${SEARCH_LISTBOX_ID}-3`);
    act(() => root.unmount());
    container.remove();
  });

  it('is a GET form for the search page, its field named q, so Enter searches without JavaScript', async () => {
    await renderWithProviders(<SearchBox />); // loads the words
    const container = document.createElement('div');
    container.innerHTML = renderToString(serverPage());
    const form = container.querySelector('form');
    expect(form?.getAttribute('role')).toBe('search');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/en/search');
    expect(form?.querySelector('input')?.getAttribute('name')).toBe('q');
  });

  it('publishes at hydration what was typed before it', async () => {
    await renderWithProviders(<SearchBox />); // loads the words
    const page = serverPage();
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const server = container.querySelector('input') as HTMLInputElement;
    server.value = 'snea';
    const root = await act(async () => hydrateRoot(container, page));
    expect(bus.last('search:query')).toEqual({ query: 'snea' });
    expect(container.querySelector('input')?.value).toBe('snea');
    act(() => root.unmount());
    container.remove();
  });

  it('goes to the search page on Enter without an active option, and ends the search', async () => {
    const { user } = await renderWithProviders(
      <>
        <SearchBox />
        <Location />
      </>,
    );
    await user.type(input(), '  tote bag ');
    panelSays(true);
    expect(await commandsDuring(() => user.keyboard('{Enter}'))).toEqual([]);
    expect(screen.getByTestId('location').textContent).toBe('/en/search?q=tote+bag');
    expect(bus.last('search:query')).toEqual({ query: '' });
    // The live search ended; the box keeps the words, now the search page's q.
    expect(input().value).toBe('tote bag');
  });

  it('stays put on Enter in an empty box', async () => {
    const { user } = await renderWithProviders(
      <>
        <SearchBox />
        <Location />
      </>,
    );
    await user.type(input(), '   {Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/es/index');
  });

  it('has a labelled submit button that sends the form to the search page', async () => {
    const { user } = await renderWithProviders(
      <>
        <SearchBox />
        <Location />
      </>,
    );
    await user.type(input(), 'boots');
    const submit = screen.getByRole('button', { name: 'Search' });
    expect(submit.getAttribute('type')).toBe('submit');
    expect(submit.closest('form')).toBe(input().closest('form'));
    await user.click(submit);
    expect(screen.getByTestId('location').textContent).toBe('/en/search?q=boots');
  });

  it('is a text input with the combobox role (a search input may not take that role)', async () => {
    await renderWithProviders(<SearchBox />);
    expect(input().type).toBe('text');
  });
});

describe('SearchBox on the search page', () => {
  it('shows the page\'s q without opening a live search', async () => {
    await renderWithProviders(<SearchBox />, { route: '/en/search?q=black%20sneakers&sort=new' });
    expect(input().value).toBe('black sneakers');
    expect(bus.last('search:query')).toEqual({ query: '' });
  });

  it('is server-rendered with the q and hydrates without a mismatch or a live search', async () => {
    await renderWithProviders(<SearchBox />); // loads the words
    const page = serverPage('/en/search?q=botas');
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    expect(container.querySelector('input')?.getAttribute('value')).toBe('botas');
    const errors = vi.spyOn(console, 'error');
    const root = await act(async () => hydrateRoot(container, page));
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('input')?.value).toBe('botas');
    expect(bus.last('search:query')).toEqual({ query: '' });
    act(() => root.unmount());
    container.remove();
  });

  it('follows the q from one search to the next, and what is typed over it is a live search', async () => {
    const { user } = await renderWithProviders(
      <>
        <SearchBox />
        <Location />
      </>,
      { route: '/en/search?q=botas' },
    );
    await user.clear(input());
    expect(input().value).toBe('');
    await user.type(input(), 'gorra');
    expect(bus.last('search:query')).toEqual({ query: 'gorra' });
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/en/search?q=gorra');
    expect(input().value).toBe('gorra');
    // Escape empties it, as in a search field.
    await user.keyboard('{Escape}');
    expect(input().value).toBe('');
  });

  it('reads the q of the search page only', () => {
    expect(searchPageQuery('/de/search', '?q=Jacke&page=2')).toBe('Jacke');
    expect(searchPageQuery('/de/search', '')).toBe('');
    expect(searchPageQuery('/de/index', '?q=Jacke')).toBeNull();
    expect(searchPageQuery('/de/product/search', '?q=Jacke')).toBeNull();
  });
});
