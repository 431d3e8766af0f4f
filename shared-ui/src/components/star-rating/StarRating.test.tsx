import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../features/i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { StarRating, starsOf } from './StarRating.tsx';

describe('starsOf', () => {
  it('rounds the average up, as the spec asks', () => {
    expect(starsOf(4)).toBe(4);
    expect(starsOf(4.01)).toBe(5);
    expect(starsOf(3.5)).toBe(4);
    expect(starsOf(1.2)).toBe(2);
    expect(starsOf(5)).toBe(5);
  });

  it('gives 0 when there is nothing to average', () => {
    expect(starsOf(0)).toBe(0);
    expect(starsOf(Number.NaN)).toBe(0);
  });

  it('ignores float noise and never exceeds 5', () => {
    expect(starsOf(4.0000000000001)).toBe(4);
    expect(starsOf(7)).toBe(5);
  });
});

describe('StarRating', () => {
  it('shows n/5, the review count, and that many filled stars', async () => {
    const { container } = await renderWithProviders(<StarRating rating={{ average: 3.2, count: 12 }} />);
    const rating = screen.getByRole('img', { name: 'Rated 4 out of 5 (12 reviews)' });
    expect(rating.textContent).toContain('4/5');
    expect(rating.textContent).toContain('(12)');
    expect(container.querySelectorAll('.star')).toHaveLength(5);
    expect(container.querySelectorAll('.star.filled')).toHaveLength(4);
  });

  it('uses the singular for one review', async () => {
    await renderWithProviders(<StarRating rating={{ average: 5, count: 1 }} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5 (1 review)' })).toBeTruthy();
  });

  it('says there are no reviews yet, in words, instead of five grey stars and 0/5', async () => {
    const { container } = await renderWithProviders(<StarRating rating={{ average: 0, count: 0 }} size="md" />);
    const unrated = screen.getByText('No reviews yet');
    expect(unrated.classList.contains('md')).toBe(true);
    expect(container.textContent).toBe('No reviews yet');
    expect(container.querySelectorAll('.star')).toHaveLength(0);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says it in the page’s language', async () => {
    await renderWithProviders(<StarRating rating={{ average: 0, count: 0 }} />);
    await i18n.changeLanguage('es');
    try {
      expect(await screen.findByText('Sin valoraciones aún')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows one review’s stars without a count, read as n/5', async () => {
    const { container } = await renderWithProviders(<StarRating rating={{ average: 3, count: 1 }} single />);
    const rating = screen.getByRole('img', { name: '3/5' });
    expect(rating.textContent).not.toContain('(1)');
    expect(container.querySelectorAll('.star.filled')).toHaveLength(3);
  });
});
