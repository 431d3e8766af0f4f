import { deferred, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand } from '@linkhunt/shared-ui/test/fixtures.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { act, cleanup, fireEvent, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeHomeApi, SERVER_ERROR, skeletons } from '../../../test/home-api.ts';
import { renderLoaded } from '../../../test/render-loaded.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { BrandsCarousel } from './BrandsCarousel.tsx';

afterEach(() => {
  cleanup();
  restoreApi();
});

async function renderLoading() {
  const answer = deferred<Reply>();
  const api = fakeHomeApi({ '/brands': answer.promise });
  await renderLoaded(<BrandsCarousel />);
  return { answer, api, carousel: screen.getByRole('region', { name: 'Brands' }) };
}

describe('BrandsCarousel', () => {
  it('shows ten logo placeholders under its title while the brands load', async () => {
    const { answer, carousel } = await renderLoading();
    expect(screen.getByRole('heading', { level: 2, name: 'Brands' })).toBeTruthy();
    expect(skeletons(carousel, 'brand-logo')).toBe(10);
    expect(within(carousel).queryAllByRole('link')).toHaveLength(0);
    answer.resolve(results([aBrand()]));
    await within(carousel).findByRole('link', { name: /Nike/ });
  });

  it('links each brand that has products to its page, and leaves out the ones without', async () => {
    const { answer, api, carousel } = await renderLoading();
    answer.resolve(
      results([
        aBrand({ id: 1, slug: 'nike', name: 'Nike', num_products: 12 }),
        aBrand({ id: 2, slug: 'zara', name: 'Zara', num_products: 0 }),
        aBrand({ id: 3, slug: 'adidas', name: 'Adidas', num_products: 4 }),
      ]),
    );
    await within(carousel).findByRole('link', { name: /Nike/ });
    expect(within(carousel).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Nike', '/en/brand/nike'],
      ['Adidas', '/en/brand/adidas'],
    ]);
    // Named by the brand alone: the logo beside the name says nothing more.
    expect(within(carousel).getByRole('link', { name: 'Nike' }).querySelector('img')?.getAttribute('alt')).toBe('');
    expect(skeletons(carousel, 'brand-logo')).toBe(0);
    expect(api.requests.map((request) => request.url)).toEqual(['/brands']);
  });

  it('shows the catalogue’s “Various” brand in the page’s language', async () => {
    const { answer, carousel } = await renderLoading();
    answer.resolve(results([aBrand({ id: 1, slug: 'various', name: 'Various', image: null, num_products: 3 })]));
    expect(await within(carousel).findByRole('link', { name: 'Various' })).toBeTruthy();
    await i18n.changeLanguage('es');
    try {
      expect(await within(carousel).findByRole('link', { name: 'Varios' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('is one tab stop, its brands reached with the arrow keys', async () => {
    const { answer, carousel } = await renderLoading();
    answer.resolve(results([aBrand({ id: 1, slug: 'nike', name: 'Nike' }), aBrand({ id: 2, slug: 'adidas', name: 'Adidas' })]));
    const nike = await within(carousel).findByRole('link', { name: 'Nike' });
    const adidas = within(carousel).getByRole('link', { name: 'Adidas' });
    expect([nike.tabIndex, adidas.tabIndex]).toEqual([0, -1]);
    act(() => nike.focus());
    fireEvent.keyDown(nike, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(adidas);
    expect([nike.tabIndex, adidas.tabIndex]).toEqual([-1, 0]);
  });

  it('renders nothing when no brand has products', async () => {
    const { answer } = await renderLoading();
    answer.resolve(results([aBrand({ num_products: 0 })]));
    await waitForElementToBeRemoved(() => screen.queryByRole('heading', { name: 'Brands' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('keeps its placeholders, and shows no error, when the brands cannot be loaded', async () => {
    const { answer, api, carousel } = await renderLoading();
    answer.resolve(SERVER_ERROR);
    await settle();
    expect(api.requests).toHaveLength(1);
    expect(skeletons(carousel, 'brand-logo')).toBe(10);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/error|could not/i);
    expect(screen.getByRole('heading', { name: 'Brands' })).toBeTruthy();
  });
});
