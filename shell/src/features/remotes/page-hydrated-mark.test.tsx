import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { renderOnServerThenHydrate } from '@linkhunt/shared-ui/test/hydrate.tsx';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { loadRemoteComponent } from './load-remote-component.ts';
import { forgetPages, rememberPage } from './loaded-pages.ts';
import { forgetHydratedMark, OnCommit, usePageHydratedMark } from './page-hydrated-mark.ts';
import { RemoteArea } from './RemoteArea.tsx';
import { RemoteLoadError, type RemoteModule } from './remote-load-errors.ts';

vi.mock('./load-remote-component.ts', () => ({ loadRemoteComponent: vi.fn() }));
vi.mock('./remotes-registry.ts', () => ({
  reregisterRemotes: vi.fn(async () => undefined),
  registeredEntry: (remote: string) => `http://cdn.example/${remote}/v1/remoteEntry.js`,
}));
const load = vi.mocked(loadRemoteComponent);

/** A product page's control that only works once its area has hydrated. */
function ProductPage() {
  const [zoomed, setZoomed] = useState(false);
  return <button onClick={() => setZoomed(true)}>{zoomed ? 'Zoomed in' : 'Zoom in'}</button>;
}

/**
 * The shell's layout, reduced to its mark and its page's boundary with one area: React leaves that boundary
 * dehydrated too while the area waits, so the layout's own commit runs no effect of the area.
 */
function Page() {
  const settled = usePageHydratedMark();
  return (
    <Suspense fallback={null}>
      <OnCommit run={settled}>
        <RemoteArea remote="mf-product" expose="./ProductPage" />
      </OnCommit>
    </Suspense>
  );
}

const marked = () => document.documentElement.dataset.hydrated === 'true';
/** A load the test settles itself. */
function heldLoad() {
  let resolve!: (module: RemoteModule) => void;
  let reject!: (error: Error) => void;
  load.mockReturnValueOnce(new Promise<RemoteModule>((yes, no) => ((resolve = yes), (reject = no))));
  return { resolve, reject };
}

beforeAll(loadShellWords);
beforeEach(() => {
  forgetPages();
  forgetHydratedMark();
  load.mockReset();
  // The fallback beacons its failure; nobody receives it here.
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true });
});
afterEach(() => vi.restoreAllMocks());

describe('the page’s hydrated mark', () => {
  it('waits for a server-rendered area to hydrate: until its remote loads, a click on it is lost', async () => {
    // The server renders the area whole (its remote imported); the browser's hydration then waits for the remote.
    rememberPage('mf-product:./ProductPage', { default: ProductPage });
    const page = (
      <I18nextProvider i18n={i18n}>
        <Page />
      </I18nextProvider>
    );
    const arrival = heldLoad();
    const view = await renderOnServerThenHydrate(page, forgetPages);
    try {
      const button = screen.getByRole('button', { name: 'Zoom in' });
      // The shell has hydrated, the area has not: React drops the click, so the page must not say it works yet.
      await act(async () => button.click());
      expect(button.textContent).toBe('Zoom in');
      expect(marked()).toBe(false);

      await act(async () => arrival.resolve({ default: ProductPage }));
      expect(marked()).toBe(true);
      await act(async () => screen.getByRole('button', { name: 'Zoom in' }).click());
      expect(screen.getByRole('button').textContent).toBe('Zoomed in');
      expect(view.complaints).toEqual([]);
    } finally {
      view.unmount();
    }
  });

  it('on a page rendered in the browser, waits for the area’s page, or for its fallback when the remote fails', async () => {
    const arrival = heldLoad();
    const first = await renderWithProviders(<Page />);
    expect(marked()).toBe(false);
    await act(async () => arrival.resolve({ default: ProductPage }));
    expect(marked()).toBe(true);
    first.unmount();

    forgetPages();
    forgetHydratedMark();
    const failure = heldLoad();
    await renderWithProviders(<Page />);
    expect(marked()).toBe(false);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => failure.reject(new RemoteLoadError('mf-product is down')));
    expect(screen.getByRole('alert').getAttribute('data-remote-fallback')).toBe('mf-product');
    expect(marked()).toBe(true);
  });
});
