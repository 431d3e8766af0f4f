import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Location, Route, Routes, useLocation } from 'react-router';
import { AdBlockGuard } from './AdBlockGuard.tsx';

const fetchStub = vi.fn<typeof fetch>();

function Notice() {
  const from = (useLocation().state as { from?: Location } | null)?.from;
  return <h1>{`Ad blocker notice, from ${from?.pathname}`}</h1>;
}

const page = (
  <>
    <AdBlockGuard />
    <Routes>
      <Route path="/:lang/product/:slug" element={<h1>Product page</h1>} />
      <Route path="/:lang/adblock" element={<Notice />} />
    </Routes>
  </>
);

beforeEach(() => {
  fetchStub.mockReset();
  vi.stubGlobal('fetch', fetchStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('AdBlockGuard', () => {
  it('leaves the visitor where they are when no ads are configured', async () => {
    await renderWithProviders(page, { route: '/en/product/tote', siteConfig: { apiUrl: 'http://api.test' } });
    await act(async () => undefined);
    expect(screen.getByRole('heading').textContent).toBe('Product page');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('sends a blocked visitor to the notice page, remembering the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const ads = { scriptHost: 'https://ads.test', keys: { '728x90': 'key' } };
    await renderWithProviders(page, { route: '/en/product/tote', siteConfig: { apiUrl: 'http://api.test', ads } });
    // jsdom lays nothing out, so the bait element reads as hidden: the blocked case.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByRole('heading').textContent).toBe('Ad blocker notice, from /en/product/tote');
  });
});
