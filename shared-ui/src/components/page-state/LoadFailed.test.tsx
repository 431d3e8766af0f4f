import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../features/i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { PageLoadFailed } from './PageLoadFailed.tsx';

describe('LoadFailed', () => {
  it('announces that the page could not be loaded, says what to do, and tries again on the button', async () => {
    const retry = vi.fn();
    const { user } = await renderWithProviders(<LoadFailed onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('h2')?.textContent).toBe('This page could not be loaded');
    expect(alert.textContent).toContain('Check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('names what failed when told, at the heading level of its place', async () => {
    await renderWithProviders(<LoadFailed onRetry={() => undefined} title="The search could not be done" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('The search could not be done');
  });

  it('speaks the page’s language', async () => {
    await renderWithProviders(<PageLoadFailed onRetry={() => undefined} />);
    await i18n.changeLanguage('es');
    try {
      expect(await screen.findByRole('heading', { name: 'No se ha podido cargar esta página' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
