import type { ListingFacets } from '@linkhunt/contracts/listing';
import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders, TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { pageOf } from '@linkhunt/shared-ui/test/paged.ts';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { SERVER_ERROR } from '../../../test/home-api.ts';
import { listingReply } from '@linkhunt/shared-ui/test/listing.ts';
import { fakePageApi } from '../../../test/listing-api.ts';
import BrandPage from './BrandPage.tsx';

const nike = aBrand({ slug: 'nike', name: 'Nike', image: 'brands/nike.webp' });
const OWNER_URL = '/brands/slug/nike';
const NIKE_URL = '/products?brand=nike';
const product = (id: number) => aProduct({ id, slug: `shoe-${id}`, title: `Shoe ${id}` });
const WITH_EMAIL: SiteConfig = { apiUrl: TEST_API_URL, contactEmail: 'hello@linkhunt.test' };

const FACETS: ListingFacets = {
  brand: [{ slug: 'nike', name: 'Nike', count: 3 }],
  category: [
    { slug: 'sneakers', name: 'Sneakers', count: 2 },
    { slug: 'gorras', name: 'Gorras', count: 1 },
  ],
  platform: [
    { key: 'hacoo', count: 1 },
    { key: 'dhgate', count: 2 },
    { key: 'cnfans', count: 0 },
  ],
  color: [{ key: 'white', count: 3 }],
};

type Answer = Reply | Promise<Reply>;

const brandApi = (listing: (url: string) => Answer, owner: Answer | (() => Answer) = results(nike), ownerUrl = OWNER_URL) =>
  fakePageApi({ ownerUrl, owner, listing });

/** Three Nike products, two a page. */
const nikeApi = () =>
  brandApi((url) =>
    pageOf(url) === 1
      ? listingReply([product(1), product(2)], { page: 1, totalPages: 2, total: 3, facets: FACETS })
      : listingReply([product(3)], { page: 2, totalPages: 2, total: 3, facets: FACETS }),
  );

async function renderBrand(path: string, siteConfig: SiteConfig = WITH_EMAIL) {
  const view = await renderWithProviders(
    <Routes>
      <Route path="/:lang/brand/:slug" element={<><BrandPage /><CurrentSearch /></>} />
    </Routes>,
    { route: `/en/brand/${path}`, siteConfig },
  );
  await i18n.loadNamespaces(NAMESPACE);
  return view;
}

/** The page's URL query, where a test can read it: the filters navigate by changing it. */
function CurrentSearch() {
  return <span data-testid="search">{useLocation().search}</span>;
}

const currentSearch = () => screen.getByTestId('search').textContent;
/** The grid's own "Showing N of M" (the filters have a status of their own). */
const listStatus = () => within(screen.getByRole('region', { name: 'Products of this brand' })).getByRole('status').textContent;
const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const notice = () => screen.getByRole('complementary', { name: 'About removed products' });
/** Every heading in document order, as "h2 Title": axe's heading-order wants no level skipped on the way down. */
const outline = () => Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'), (heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);
const urls = (api: ReturnType<typeof fakePageApi>) => api.requests.map((request) => request.url);
/** The GET /products requests, in order. */
const listingUrls = (api: ReturnType<typeof fakePageApi>) => urls(api).filter((url) => url?.startsWith('/products'));

afterEach(() => restoreApi());

describe('BrandPage', () => {
  it('shows the brand, its logo, how many products the community found and the first page of them', async () => {
    const api = nikeApi();
    await renderBrand('nike');

    expect(await screen.findByRole('heading', { level: 1, name: 'Nike' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Nike logo' }).getAttribute('src')).toBe(`${TEST_API_URL}/images/brands/nike.webp`);
    expect(await screen.findByText('3 products of this brand found by the community')).toBeTruthy();
    expect(titles()).toEqual(['Shoe 1', 'Shoe 2']);
    expect(listStatus()).toBe('Showing 2 of 3 products');
    expect(document.title).toBe('Nike | Linkhunt');
    // The brand alone, without its products: the list is GET /products's.
    expect(urls(api).toSorted()).toEqual([OWNER_URL, NIKE_URL].toSorted());
  });

  it('puts a heading for its products between the page title and the cards', async () => {
    nikeApi();
    await renderBrand('nike');
    await screen.findByRole('heading', { level: 1, name: 'Nike' });
    await screen.findByRole('heading', { level: 3, name: 'Shoe 1' });
    expect(outline()).toEqual(['h1 Nike', 'h2 Filters', 'h2 Products of this brand', 'h3 Shoe 1', 'h3 Shoe 2']);
    // A heading for screen readers' outline; the page's subtitle already says it to the eye.
    const heading = screen.getByRole('heading', { level: 2, name: 'Products of this brand' });
    expect(heading.classList.contains('visually-hidden')).toBe(true);
    expect(screen.getByRole('region', { name: 'Products of this brand' }).contains(screen.getAllByRole('article')[0] ?? null)).toBe(true);
  });

  it('shows the catalogue’s “Various” brand in the page’s language', async () => {
    const various = aBrand({ id: 1, slug: 'various', name: 'Various', image: null });
    brandApi(() => listingReply([product(1)], { page: 1, totalPages: 1, total: 1 }), results(various), '/brands/slug/various');
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
    expect(listingUrls(api)).toEqual([NIKE_URL, `${NIKE_URL}&page=2`]);
    expect(urls(api).filter((url) => url === OWNER_URL)).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shoe 3' }).closest('a')));
  });

  it('says so for a brand without products', async () => {
    brandApi(() => listingReply([], { page: 1, totalPages: 0, total: 0 }));
    await renderBrand('nike');
    await screen.findByRole('heading', { level: 1, name: 'Nike' });
    expect(await screen.findByText('0 products of this brand found by the community')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('This brand has no products yet.');
    expect(outline()).toEqual(['h1 Nike', 'h2 Filters', 'h2 Products of this brand', 'h3 This brand has no products yet.']);
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
    brandApi(() => listingReply([], { page: 1, totalPages: 0, total: 0 }), { status: 404, data: { message: 'Brand not found' } }, '/brands/slug/nobody');
    await renderBrand('nobody?platform=hacoo');
    expect(await screen.findByRole('heading', { level: 1, name: 'This brand does not exist.' })).toBeTruthy();
    await settle();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByText('No products match these filters')).toBeNull();
  });

  it('says the page could not be loaded when the server fails, and loads it all with one "Try again"', async () => {
    let down = true;
    const api = brandApi(
      () => (down ? SERVER_ERROR : listingReply([product(1)], { page: 1, totalPages: 1, total: 1 })),
      () => (down ? SERVER_ERROR : results(nike)),
    );
    const { user } = await renderBrand('nike');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nike' })).toBeTruthy();
    expect(await screen.findByText('1 product of this brand found by the community')).toBeTruthy();
    expect(titles()).toEqual(['Shoe 1']);
    expect(api.requests).toHaveLength(4);
  });
});

describe('BrandPage filters', () => {
  it('asks GET /products for the URL’s filters and order, in canonical order, within this brand', async () => {
    const api = brandApi(() => listingReply([product(1)], { page: 1, totalPages: 1, total: 1, facets: FACETS }));
    await renderBrand('nike?color=white&brand=adidas&platform=cnfans&platform=dhgate&sort=rating&category=sneakers');
    await screen.findByRole('heading', { level: 3, name: 'Shoe 1' });
    // The page's own brand replaces the one the URL named.
    expect(listingUrls(api)).toEqual(['/products?sort=rating&category=sneakers&brand=nike&platform=dhgate&platform=cnfans&color=white']);
  });

  it('shows the answer’s counts in the filters, without a filter for the brand itself', async () => {
    nikeApi();
    await renderBrand('nike');
    const form = await screen.findByRole('form', { name: 'Filter and sort products' });
    expect(await within(form).findByRole('checkbox', { name: 'DHGate (2 products)' })).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: 'Hacoo (1 product)' })).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: 'White (3 products)' })).toBeTruthy();
    expect(within(form).getByRole('status').textContent).toBe('3 products');
    expect(within(form).queryByRole('group', { name: 'Brand' })).toBeNull();
    expect(within(form).queryByRole('group', { name: 'Category' })).toBeNull();
  });

  it('navigates when a filter is chosen and asks for the new list', async () => {
    const api = nikeApi();
    const { user } = await renderBrand('nike?sort=popular');
    await user.click(await screen.findByRole('radio', { name: '4 stars or more' }));
    expect(currentSearch()).toBe('?sort=popular&min_rating=4');
    await waitFor(() => expect(listingUrls(api)).toEqual(['/products?sort=popular&brand=nike', '/products?sort=popular&brand=nike&min_rating=4']));
    expect(screen.getByRole('radio', { name: '4 stars or more' })).toHaveProperty('checked', true);
  });

  it('says no product matches when the filters leave none', async () => {
    brandApi(() => listingReply([], { page: 1, totalPages: 0, total: 0, facets: FACETS }));
    await renderBrand('nike?min_rating=5');
    expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('No products match these filters');
    expect(screen.queryByText('This brand has no products yet.')).toBeNull();
  });
});
