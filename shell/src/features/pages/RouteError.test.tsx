import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes } from 'react-router';
import { RouteErrorBoundary } from './RouteError.tsx';

function Broken(): never {
  throw new Error('the page broke');
}

afterEach(() => vi.restoreAllMocks());

describe('RouteErrorBoundary', () => {
  it('shows what a page threw, with a reload, and the next page again once the visitor goes there', async () => {
    // React reports the caught error on the console; the boundary is what is under test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderWithProviders(
      <>
        <Link to="/en/fine">elsewhere</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/en/broken" element={<Broken />} />
            <Route path="/en/fine" element={<h1>Fine</h1>} />
          </Routes>
        </RouteErrorBoundary>
      </>,
      { route: '/en/broken' },
    );
    expect(screen.getByRole('alert').textContent).toContain('Unexpected Application Error!');
    expect(screen.getByRole('alert').textContent).toContain('the page broke');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined();

    await userEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Fine' })).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
