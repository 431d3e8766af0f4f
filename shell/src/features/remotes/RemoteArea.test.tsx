import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { loadRemoteComponent } from './load-remote-component.ts';
import { forgetPages } from './loaded-pages.ts';
import { RemoteArea } from './RemoteArea.tsx';
import { RemoteLoadError, type RemoteModule, RemoteTimeoutError } from './remote-load-errors.ts';
import { reregisterRemotes } from './remotes-registry.ts';

// The federation runtime itself is exercised by the end-to-end suite; here only the area's own behaviour.
vi.mock('./load-remote-component.ts', () => ({ loadRemoteComponent: vi.fn() }));
vi.mock('./remotes-registry.ts', () => ({
  reregisterRemotes: vi.fn(async () => undefined),
  registeredEntry: (remote: string) => `http://cdn.example/${remote}/v1/remoteEntry.js`,
}));

const load = vi.mocked(loadRemoteComponent);

beforeAll(loadShellWords);
beforeEach(() => {
  forgetPages();
  load.mockReset();
  vi.mocked(reregisterRemotes).mockClear();
  // React and the boundary report the caught failures; they are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  beacons.length = 0;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      beacons.push(body.text().then((text) => ({ url, type: body.type, body: JSON.parse(text) as unknown })));
      return true;
    },
  });
});

/** What the areas beaconed, as the shell server receives it. */
const beacons: Promise<{ url: string; type: string; body: unknown }>[] = [];
afterEach(() => vi.restoreAllMocks());

function SearchPanel() {
  return <p>Search results</p>;
}

describe('RemoteArea', () => {
  it('shows the fallback when the remote does not load, and loads it again on Retry', async () => {
    load.mockRejectedValueOnce(new RemoteLoadError('mf-search is down')).mockResolvedValueOnce({ default: SearchPanel });
    const { user, container } = await renderWithProviders(<RemoteArea remote="mf-search" expose="./SearchPanel" />);

    const fallback = await screen.findByRole('alert');
    expect(fallback.getAttribute('data-remote-fallback')).toBe('mf-search');
    expect(within(fallback).getByRole('heading').textContent).toBe('This part of the page could not be loaded');
    expect(reregisterRemotes).not.toHaveBeenCalled();

    await user.click(within(fallback).getByRole('button', { name: 'Retry' }));
    const content = await screen.findByText('Search results');
    expect(content.closest('[data-remote]')?.getAttribute('data-remote')).toBe('mf-search');
    expect(container.querySelector('[data-remote-fallback]')).toBeNull();
    expect(reregisterRemotes).toHaveBeenCalledTimes(1);
    expect(load.mock.calls).toEqual([
      ['mf-search', './SearchPanel'],
      ['mf-search', './SearchPanel'],
    ]);
    expect((await Promise.all(beacons)).map(({ body }) => body)).toEqual([{ remote: 'mf-search', entry: 'http://cdn.example/mf-search/v1/remoteEntry.js', kind: 'load' }]);
  });

  it('replaces the fallback of a remote that timed out by the remote itself when it arrives', async () => {
    let arrive!: (module: RemoteModule) => void;
    const arrival = new Promise<RemoteModule>((resolve) => (arrive = resolve));
    load.mockRejectedValueOnce(new RemoteTimeoutError('mf_search/SearchPanel did not load within 2000 ms', arrival));
    const { container } = await renderWithProviders(<RemoteArea remote="mf-search" expose="./SearchPanel" />);

    const fallback = await screen.findByRole('alert');
    expect(within(fallback).getByRole('heading').textContent).toBe('This part of the page is taking longer than usual');
    arrive({ default: SearchPanel });
    const content = await screen.findByText('Search results');
    expect(content.closest('[data-remote]')?.getAttribute('data-remote')).toBe('mf-search');
    expect(container.querySelector('[data-remote-fallback]')).toBeNull();
    // The module that arrived is used as it is: nothing is loaded or registered again.
    expect(load).toHaveBeenCalledTimes(1);
    expect(reregisterRemotes).not.toHaveBeenCalled();
  });

  it('keeps the fallback, with Retry, when the remote that timed out fails after all', async () => {
    let fail!: (error: Error) => void;
    const arrival = new Promise<RemoteModule>((_, reject) => (fail = reject));
    load.mockRejectedValueOnce(new RemoteTimeoutError('mf_search/SearchPanel did not load within 2000 ms', arrival));
    load.mockResolvedValueOnce({ default: SearchPanel });
    const { user } = await renderWithProviders(<RemoteArea remote="mf-search" expose="./SearchPanel" />);

    const fallback = await screen.findByRole('alert');
    expect(within(fallback).getByRole('heading').textContent).toBe('This part of the page is taking longer than usual');
    fail(new Error('connection reset'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('alert')).toBe(fallback);
    expect(within(fallback).getByRole('heading').textContent).toBe('This part of the page could not be loaded');
    await user.click(within(fallback).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Search results');
    expect(reregisterRemotes).toHaveBeenCalledTimes(1);
  });

  it('keeps a remote that throws while rendering inside its own area', async () => {
    function Broken(): never {
      throw new Error('render failed');
    }
    function Home() {
      return <p>Home page</p>;
    }
    load.mockImplementation(async (remote) => ({ default: remote === 'mf-search' ? Broken : Home }));
    const { container } = await renderWithProviders(
      <>
        <RemoteArea remote="mf-search" expose="./SearchPanel" variant="panel" />
        <RemoteArea remote="mf-catalogue" expose="./Home" />
      </>,
    );

    const home = await screen.findByText('Home page');
    expect(home.closest('[data-remote]')?.getAttribute('data-remote')).toBe('mf-catalogue');
    const fallback = await screen.findByRole('alert');
    expect(fallback.getAttribute('data-remote-fallback')).toBe('mf-search');
    expect(container.querySelectorAll('[data-remote-fallback]')).toHaveLength(1);
    // Reported once, as a render failure of the version this page registered.
    expect(await Promise.all(beacons)).toEqual([
      { url: '/_platform/beacons', type: 'application/json', body: { remote: 'mf-search', entry: 'http://cdn.example/mf-search/v1/remoteEntry.js', kind: 'render' } },
    ]);
  });

  it('renders a page it loaded before at once, without a spinner, when the visitor comes back to it', async () => {
    load.mockResolvedValue({ default: SearchPanel });
    const first = await renderWithProviders(<RemoteArea remote="mf-search" expose="./SearchPanel" />);
    await screen.findByText('Search results');
    first.unmount();

    const { container } = await renderWithProviders(<RemoteArea remote="mf-search" expose="./SearchPanel" />);
    // In the first commit: Back can put the scroll where it was before anything paints.
    expect(screen.getByText('Search results')).toBeTruthy();
    expect(container.querySelector('[data-remote-loading]')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the next page of an area afresh after a page of it timed out and arrived late', async () => {
    let arrive!: (module: RemoteModule) => void;
    const arrival = new Promise<RemoteModule>((resolve) => (arrive = resolve));
    function Home() {
      return <p>Home page</p>;
    }
    load.mockRejectedValueOnce(new RemoteTimeoutError('mf_search/SearchPanel did not load within 1500 ms', arrival)).mockResolvedValueOnce({ default: Home });
    // The router keeps the area's component from one page to the next, as here.
    const view = await renderWithProviders(<RemoteArea remote="mf-search" expose="./SearchPanel" />);
    await screen.findByRole('alert');
    arrive({ default: SearchPanel });
    await screen.findByText('Search results');

    view.rerender(<RemoteArea remote="mf-catalogue" expose="./Home" />);
    await screen.findByText('Home page');
    // A first attempt for this page: the remotes are not registered again, as after a Retry.
    expect(reregisterRemotes).not.toHaveBeenCalled();
  });
});
