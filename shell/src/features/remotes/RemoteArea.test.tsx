import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { loadRemoteComponent } from './load-remote-component.ts';
import { RemoteArea } from './RemoteArea.tsx';
import { reregisterRemotes } from './remotes-registry.ts';

// The federation runtime itself is exercised by the end-to-end suite; here only the area's own behaviour.
vi.mock('./load-remote-component.ts', () => ({ loadRemoteComponent: vi.fn() }));
vi.mock('./remotes-registry.ts', () => ({ reregisterRemotes: vi.fn(async () => undefined) }));

const load = vi.mocked(loadRemoteComponent);

beforeAll(loadShellWords);
beforeEach(() => {
  load.mockReset();
  vi.mocked(reregisterRemotes).mockClear();
  // React and the boundary report the caught failures; they are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function SearchPanel() {
  return <p>Search results</p>;
}

describe('RemoteArea', () => {
  it('shows the fallback when the remote does not load, and loads it again on Retry', async () => {
    load.mockRejectedValueOnce(new Error('mf-search is down')).mockResolvedValueOnce({ default: SearchPanel });
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
  });
});
