import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ButtonLink } from '../button/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

describe('EmptyState', () => {
  it('says "No results found" by default', async () => {
    await renderWithProviders(<EmptyState />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('No results found');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a given title, description and action', async () => {
    await renderWithProviders(
      <EmptyState title="No favourites yet" headingLevel={3} action={<ButtonLink to="/en/index">Browse</ButtonLink>}>
        Tap the heart on a product to keep it here.
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('No favourites yet');
    expect(screen.getByText('Tap the heart on a product to keep it here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse' }).getAttribute('href')).toBe('/en/index');
  });

  it('can announce itself as a status', async () => {
    await renderWithProviders(<EmptyState role="status" />);
    expect(screen.getByRole('status').textContent).toContain('No results found');
  });
});
