import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Spinner } from './Spinner.tsx';

describe('Spinner', () => {
  it('is a status announced with the translated default label', async () => {
    await renderWithProviders(<Spinner />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading…');
    expect(status.classList.contains('md')).toBe(true);
  });

  it('takes a specific label and a size', async () => {
    await renderWithProviders(<Spinner size="lg" label="Loading products" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading products');
    expect(status.classList.contains('lg')).toBe(true);
  });

  it('hides the drawn ring from assistive technology', async () => {
    const { container } = await renderWithProviders(<Spinner size="sm" />);
    expect(container.querySelector('.ring')?.getAttribute('aria-hidden')).toBe('true');
  });
});
