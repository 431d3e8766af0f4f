import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { fakeApi, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders, TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { pagedResults, pageOf } from '@linkhunt/shared-ui/test/paged.ts';
import BrandPage from './BrandPage.tsx';

const nike = aBrand({ slug: 'nike', name: 'Nike', image: 'brands/nike.webp' });
const NIKE_URL = '/brands/slug/nike?include=products';
const product = (id: number) => aProduct({ id, slug: `shoe-${id}`, title: `Shoe ${id}` });
const WITH_EMAIL: SiteConfig = { apiUrl: TEST_API_URL, contactEmail: 'hello@linkhunt.test' };

/** Three Nike products, two a page. */
const nikeApi = () =>
  fakeApi((request) =>
    pageOf(request.url) === 1
      ? pagedResults(nike, [product(1), product(2)], { page: 1, totalPages: 2, total: 3 })
      : pagedResults(nike, [product(3)], { page: 2, totalPages: 2, total: 3 }),
  );

async function renderBrand(slug: string, siteConfig: SiteConfig = WITH_EMAIL) {
  const view = await renderWithProviders(
    <Routes>
      <Route path="/:lang/brand/:slug" element={<BrandPage />} />
    </Routes>,
    { route: `/en/brand/${slug}`, siteConfig },
  );
  await i18n.loadNamespaces(NAMESPACE);
  return view;
}

const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const notice = () => screen.getByRole('complementary', { name: 'About removed products' });
/** Every heading in document order, as "h2 Title": axe's heading-order wants no level skipped on the way down. */
const outline = () => Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'), (heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);

afterEach(() => restoreApi());

describe('BrandPage', () => {
  it('shows the brand, its logo, how many products the community found and the first page of them', async () => {
    const api = nikeApi();
    await renderBrand('nike');

    expect(await screen.findByRole('heading', { level: 1, name: 'Nike' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Nike logo' }).getAttribute('src')).toBe(`${TEST_API_URL}/images/brands/nike.webp`);
    expect(screen.getByText('3 products of this brand found by the community')).toBeTruthy();
    expect(titles()).toEqual(['Shoe 1', 'Shoe 2']);
    expect(screen.getByRole('status').textContent).toBe('Showing 2 of 3 products');
    expect(document.title).toBe('Nike | Linkhunt');
    expect(api.requests.map((request) => request.url)).toEqual([NIKE_URL]);
  });

  it('puts a heading for its products between the page title and the cards', async () => {
    nikeApi();
    await renderBrand('nike');
    await screen.findByRole('heading', { level: 1, name: 'Nike' });
    expect(outline()).toEqual(['h1 Nike', 'h2 Products of this brand', 'h3 Shoe 1', 'h3 Shoe 2']);
    // A heading for screen readers' outline; the page's subtitle already says it to the eye.
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.classList.contains('visually-hidden')).toBe(true);
    expect(screen.getByRole('region', { name: 'Products of this brand' }).contains(screen.getAllByRole('article')[0] ?? null)).toBe(true);
  });

  it('shows the catalogue’s “Various” brand in the page’s language', async () => {
    const various = aBrand({ id: 1, slug: 'various', name: 'Various', image: null });
    fakeApi(() => pagedResults(various, [product(1)], { page: 1, totalPages: 1, total: 1 }));
    await renderBrand('various');
    expect(await screen.findByRole('heading', { level: 1, name: 'Various' })).toBeTruthy();
    await i18n.changeLanguage('es');
    try {
      expect(await screen.findByRole('heading', { level: 1, name: 'Varios' })).toBeTruthy();
      await waitFor(() => expect(document.title).toBe('Varios | Linkhunt'));
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('Varios');
      const breadcrumb = document.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
      expect(breadcrumb).toContain('"name":"Varios"');
      expect(breadcrumb).not.toContain('Various');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('loads the next page with "Load more" and moves focus to the first new product', async () => {
    const api = nikeApi();
    const { user } = await renderBrand('nike');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Shoe 3' });
    expect(titles()).toEqual(['Shoe 1', 'Shoe 2', 'Shoe 3']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests.map((request) => request.url)).toEqual([NIKE_URL, `${NIKE_URL}&page=2`]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shoe 3' }).closest('a')));
  });

  it('says so for a brand without products', async () => {
    fakeApi(() => results({ ...nike, products: { data: [] } }));
    await renderBrand('nike');
    await screen.findByRole('heading', { level: 1, name: 'Nike' });
    expect(screen.getByText('0 products of this brand found by the community')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('This brand has no products yet.');
    expect(outline()).toEqual(['h1 Nike', 'h2 Products of this brand', 'h3 This brand has no products yet.']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('tells that some products were removed, with a link to write to the contact address', async () => {
    nikeApi();
    await renderBrand('nike');
    await screen.findByRole('heading', { level: 1, name: 'Nike' });
    expect(notice().textContent).toContain(
      'Some products of this brand were removed from the app. If you have any questions, write to hello@linkhunt.test.',
    );
    expect(within(notice()).getByRole('link', { name: 'hello@linkhunt.test' }).getAttribute('href')).toBe('mailto:hello@linkhunt.test');
  });

  it('tells that some products were removed, without a link, when no contact address is configured', async () => {
    nikeApi();
    await renderBrand('nike', { apiUrl: TEST_API_URL });
    await screen.findByRole('heading', { level: 1, name: 'Nike' });
    expect(notice().textContent).toContain('Some products of this brand were removed from the app.');
    expect(notice().textContent).not.toContain('write to');
    expect(within(notice()).queryByRole('link')).toBeNull();
  });

  it('says an unknown brand does not exist, with the way home', async () => {
    fakeApi(() => ({ status: 404, data: { message: 'Brand not found' } }));
    await renderBrand('nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'This brand does not exist.' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('says the page could not be loaded when the server fails, and loads it when the visitor tries again', async () => {
    let failures = 1;
    const api = fakeApi(() =>
      failures-- > 0 ? { status: 500, data: { message: 'Server Error' } } : pagedResults(nike, [product(1)], { page: 1, totalPages: 1, total: 1 }),
    );
    const { user } = await renderBrand('nike');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nike' })).toBeTruthy();
    expect(screen.getByText('1 product of this brand found by the community')).toBeTruthy();
    expect(titles()).toEqual(['Shoe 1']);
    expect(api.requests).toHaveLength(2);
  });
});
