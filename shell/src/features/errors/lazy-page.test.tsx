import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { lazyPage, PRELOAD_ERROR_EVENT } from '../../lib/lazy-page.ts';
import { PreloadErrorNotice } from './PreloadErrorNotice.tsx';

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

const chunkGone = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
let events: Event[] = [];
const record = (event: Event) => events.push(event);

beforeEach(async () => {
  await loadShellWords();
  events = [];
  window.addEventListener(PRELOAD_ERROR_EVENT, record);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  window.removeEventListener(PRELOAD_ERROR_EVENT, record);
  vi.restoreAllMocks();
});

it('a page whose chunk fails dispatches the preload-error event, rethrows, and the notice offers a reload', async () => {
  const Page = lazyPage(chunkGone);
  await renderWithProviders(
    <>
      <PreloadErrorNotice />
      {/* As in the layout: the page suspends inside its own boundary, the notice stays mounted. */}
      <Suspense fallback={null}>
        <Boundary>
          <Page />
        </Boundary>
      </Suspense>
    </>,
  );
  expect(await screen.findByText('failed: Failed to fetch dynamically imported module')).toBeTruthy();
  expect(events).toHaveLength(1);
  expect((await screen.findByRole('alert')).textContent).toContain('Part of the site could not be downloaded');
  expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
});

it('a listener that handles the event (preventDefault) keeps the error from being thrown', async () => {
  const handle = (event: Event) => event.preventDefault();
  window.addEventListener(PRELOAD_ERROR_EVENT, handle);
  const Page = lazyPage(chunkGone);
  await renderWithProviders(
    <Boundary>
      <Page />
      <p>still here</p>
    </Boundary>,
  );
  expect(await screen.findByText('still here')).toBeTruthy();
  expect(screen.queryByText(/^failed:/)).toBeNull();
  window.removeEventListener(PRELOAD_ERROR_EVENT, handle);
});
