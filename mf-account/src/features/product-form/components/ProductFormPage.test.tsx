import type { Category } from '@linkhunt/contracts/category';
import type { OwnProduct } from '@linkhunt/contracts/product';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { toastStore } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand, anOwnUser, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { pageOf } from '@linkhunt/shared-ui/test/paged.ts';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf, entriesOf, type FakeRequest, formDataOf, uploadProgress } from '../../../test/form-helpers.ts';
import { gifFile, pngFile } from '@linkhunt/shared-ui/test/image-files.ts';
import { stubObjectUrls } from '@linkhunt/shared-ui/test/object-urls.ts';
import { seedReads } from '../../../test/account-test-kit.ts';
import { renderAccount } from '../../../test/render-account.tsx';
import ProductFormPage from './ProductFormPage.tsx';

const tops: Category = { id: 1, slug: 'camisetas-y-tops', name: 'Camisetas y Tops' };
const footwear: Category = { id: 8, slug: 'calzado', name: 'Calzado' };
const accessories: Category = { id: 4, slug: 'accesorios', name: 'Accesorios' };
const CATEGORIES = [tops, footwear, accessories];
const BRANDS = [aBrand(), aBrand({ id: 4, slug: 'adidas', name: 'Adidas', image: 'brands/adidas.webp' })];

// Drafts are kept per user: anOwnUser() is user 7.
const NEW_DRAFT = 'linkhunt.draft.product.7.new';
const EDIT_DRAFT = 'linkhunt.draft.product.7.edit.retro-runner';

function anOwnProduct(overrides: Partial<OwnProduct> = {}): OwnProduct {
  return {
    ...aProduct({ categories: [footwear], colors: ['white', 'black'] }),
    link_hacoo: 'https://www.hacoo.com/item/1',
    link_dhgate: null,
    link_cnfans: 'https://cnfans.com/item/1',
    photos: [{ id: 1, image: 'products/retro-runner.webp', thumbnail: 'products/retro-runner-thumb.webp', alt: '', qc: false }],
    ...overrides,
  };
}

/** One page of GET /auth/products. */
function ownPage(products: OwnProduct[], page: number, totalPages: number): Reply {
  return {
    data: {
      results: {
        data: products,
        meta: { pagination: { total: 60, count: products.length, per_page: 50, current_page: page, total_pages: totalPages } },
      },
    },
  };
}

/** What POST /products and /products/update answer: the saved product. */
const savedAs = (product: OwnProduct): Reply => results(product);

interface ApiOptions {
  /** The pages of the user's own products, in order. */
  own?: OwnProduct[][];
  /** Answers GET /categories (the list by default). */
  categories?: () => Reply | Promise<Reply>;
  /** Answers the POST (the saved product by default). */
  save?: (request: FakeRequest) => Reply | Promise<Reply>;
}

/** What POST /agent-links/understand answers for the agent link the tests type (left when they go on to the next field). */
const UNDERSTOOD: Reply = results({
  source_item: { marketplace: 'weidian', id: '99' },
  from: 'cnfans',
  short_link: false,
  marketplace_link: 'https://weidian.com/item.html?itemID=99',
  summary: 'Weidian item 99: opens in each visitor’s agent',
});

function serveApi({ own = [[]], categories = () => results(CATEGORIES), save = () => savedAs(anOwnProduct({ id: 99, slug: 'neon-cap' })) }: ApiOptions = {}) {
  return fakeApi((request) => {
    const url = request.url ?? '';
    if (request.method === 'get' && url === '/brands') return results(BRANDS);
    if (request.method === 'get' && url === '/categories') return categories();
    if (request.method === 'get' && url.startsWith('/auth/products?')) {
      const page = pageOf(url);
      return ownPage(own[page - 1] ?? [], page, own.length);
    }
    if (request.method === 'post' && (url === '/products' || url === '/products/update')) return save(request);
    if (request.method === 'post' && url === '/agent-links/understand') return UNDERSTOOD;
    return { status: 404, data: { message: `No route for ${request.method ?? ''} ${url}` } };
  });
}

/** The product page the form leads to. */
function ProductPage() {
  const { lang, slug } = useParams();
  return <main aria-label="Product page">{`/${lang ?? ''}/product/${slug ?? ''}`}</main>;
}

const pages = (
  <Routes>
    <Route path="/:lang/product/new" element={<ProductFormPage />} />
    <Route path="/:lang/product/edit/:slug" element={<ProductFormPage />} />
    <Route path="/:lang/product/:slug" element={<ProductPage />} />
  </Routes>
);

async function renderForm(route = '/en/product/new') {
  const rendered = await renderAccount(pages, { route });
  await screen.findByRole('button', { name: route.includes('/edit/') ? 'Save changes' : 'Upload product' });
  return rendered;
}

const field = <T extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<T>(label);
const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const categoriesGroup = () => screen.getByRole('group', { name: 'Categories' });
const coloursGroup = () => screen.getByRole('group', { name: 'Colours (optional)' });
/** The names of the palette's colours that are checked, in the palette's order. */
const chosenColours = () =>
  within(coloursGroup())
    .queryAllByRole<HTMLInputElement>('checkbox')
    .filter((box) => box.checked)
    .map((box) => box.parentElement?.textContent);
/** The colours typed outside the palette, as their chips show them. */
const otherColours = () => {
  const list = within(coloursGroup()).queryByRole('list', { name: 'Other colours chosen' });
  return list ? within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent) : [];
};
const toasts = () => toastStore.getState().toasts.map(({ kind, message }) => ({ kind, message }));
/** The uploads and edits sent (not the checks of the agent link). */
const posts = (api: { requests: FakeRequest[] }) => api.requests.filter((request) => request.method === 'post' && request.url !== '/agent-links/understand');

const SESSION_EXPIRED = 'Your session expired, so nothing was saved. Sign in again and send the form once more: everything you entered is still here.';
const REFUSED: Reply = { status: 401, data: { message: 'Invalid token' } };

/** The first save is refused as the server dropped the session; the next ones answer `then`. */
function refusedOnce(then: Reply) {
  let saves = 0;
  return () => (++saves === 1 ? REFUSED : then);
}

/** What the shell's sign-in dialog does once the user has signed in again. */
function signInAgain() {
  act(() => sessionStore.getState().signIn({ token: { accessToken: 'fresh-token', tokenType: 'Bearer' }, user: { data: anOwnUser() } }));
}

/** The photos' file picker, named by its button ("Choose photos", then "Add photos (7 more)"). */
const photoPicker = () => screen.getByLabelText<HTMLInputElement>(/^(Choose photos|Add photos)/);

async function fillIn(user: UserEvent, photo: File | null = pngFile()) {
  await user.type(field('Title'), 'Neon cap');
  await user.selectOptions(field('Brand'), 'Adidas');
  await user.type(field('Description'), '  A bright cap for summer  ');
  await user.type(field('Hacoo link'), 'https://www.hacoo.com/item/99');
  await user.type(field('Agent or marketplace link (optional)'), 'https://cnfans.com/item/99');
  await user.click(checkbox('Footwear'));
  await user.click(checkbox('Accessories'));
  // Two from the palette; two typed, one of them a known colour in another spelling, and one typed twice.
  await user.click(checkbox('black'));
  await user.click(checkbox('white'));
  await user.click(field('Other colours (optional)'));
  await user.paste('mint green, Navy,, BLACK');
  await user.keyboard('{Enter}');
  if (photo) {
    await user.upload(photoPicker(), photo);
    await screen.findByRole('img', { name: 'Photo 1' });
  }
}

const realCheck = sessionStore.getState().check;
let check: ReturnType<typeof vi.fn<() => Promise<void>>>;
let urls: ReturnType<typeof stubObjectUrls>;
let heard: ReturnType<typeof vi.fn<(payload: { productId: number; slug: string }) => void>>;
let stopHearing: () => void;

beforeEach(() => {
  check = vi.fn(() => Promise.resolve());
  sessionStore.setState({ status: 'authenticated', user: anOwnUser(), check });
  toastStore.setState({ toasts: [] });
  urls = stubObjectUrls();
  heard = vi.fn();
  stopHearing = bus.subscribe('product:uploaded', heard);
});
afterEach(() => {
  stopHearing();
  urls.restore();
  restoreApi();
  localStorage.clear();
  toastStore.setState({ toasts: [] });
  sessionStore.setState({ status: 'unauthenticated', user: null, check: realCheck });
});

// Typing a whole product key by key takes more than the default 5 s on a busy two-core machine.
describe('ProductFormPage: a new product', { timeout: 20_000 }, () => {
  it('loads the brands (by name) and the categories (in English) to choose from', async () => {
    const api = serveApi();
    await renderForm();

    expect(screen.getByRole('heading', { level: 1, name: 'Add a product' })).toBeTruthy();
    expect(screen.getByText('Each product you upload earns you 20 points. Fields marked as optional can stay empty.')).toBeTruthy();
    expect(api.requests.map((request) => [request.method, request.url])).toEqual([
      ['get', '/brands'],
      ['get', '/categories'],
    ]);
    expect(within(field<HTMLSelectElement>('Brand')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No brand (Various)',
      'Adidas',
      'Nike',
    ]);
    expect(field<HTMLSelectElement>('Brand').value).toBe('');
    expect(within(categoriesGroup()).getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'T-shirts & Tops',
      'Footwear',
      'Accessories',
    ]);
    expect(screen.getByText('Choose photos')).toBeTruthy();
    // The colours: the palette named in English, none chosen, and a box for others.
    const palette = within(coloursGroup()).getAllByRole<HTMLInputElement>('checkbox');
    expect(palette.map((box) => box.parentElement?.textContent).slice(0, 5)).toEqual(['black', 'white', 'grey', 'beige', 'cream']);
    expect(palette).toHaveLength(23);
    expect(palette.some((box) => box.checked)).toBe(false);
    expect(field('Other colours (optional)').value).toBe('');
    expect(descriptionOf(field('Other colours (optional)'))).toBe('Not in the list? Type it and press Add. Separate several with commas.');
  });

  it('lists the catalogue\'s "Various" brand once, as "No brand" in the page\'s language, not under its stored English name', async () => {
    const various = aBrand({ id: 1, slug: 'various', name: 'Various', image: null });
    fakeApi((request) => (request.url === '/brands' ? results([various, ...BRANDS]) : request.url === '/categories' ? results(CATEGORIES) : results([])));
    await renderForm('/es/product/new');
    await act(() => i18n.changeLanguage('es'));
    try {
      const brand = await screen.findByLabelText<HTMLSelectElement>('Marca');
      expect(within(brand).getAllByRole('option').map((option) => option.textContent)).toEqual(['Sin marca (Varios)', 'Adidas', 'Nike']);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('asks for a category before anything is sent', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillIn(user);
    await user.click(checkbox('Footwear'));
    await user.click(checkbox('Accessories'));
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    expect(await screen.findByText('Choose at least one category.')).toBeTruthy();
    expect(categoriesGroup().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(categoriesGroup())).toBe('Choose at least one category.');
    expect(document.activeElement).toBe(checkbox('T-shirts & Tops'));
    expect(posts(api)).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('asks for a photo before anything is sent', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillIn(user, null);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one photo of the product.');
    const photo = photoPicker();
    expect(photo.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(photo)).toContain('Choose at least one photo of the product.');
    expect(document.activeElement).toBe(photo);
    expect(posts(api)).toEqual([]);
  });

  it('never sends a refused photo: a GIF leaves the form without one', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillIn(user, null);
    await user.upload(photoPicker(), gifFile());
    expect((await screen.findByRole('alert')).textContent).toBe('This file is not a PNG or JPG image. Choose another one.');
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    // The field keeps saying what was wrong with the file it refused, and takes the focus.
    await vi.waitFor(() => expect(document.activeElement).toBe(photoPicker()));
    expect(screen.getByRole('alert').textContent).toBe('This file is not a PNG or JPG image. Choose another one.');
    await settle();
    expect(posts(api)).toEqual([]);
  });

  it('sends the product as multipart with a progress bar, then announces it, refreshes the points, thanks and opens it', async () => {
    const answer = deferred<Reply>();
    const api = serveApi({ save: () => answer.promise });
    const { user } = await renderForm();
    const photo = pngFile('neon-cap.png');
    await fillIn(user, photo);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    // Sending: a progress bar at 0, then at what the upload reports; the button is busy.
    expect(await screen.findByRole('progressbar', { name: 'Uploading… 0%' })).toBeTruthy();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Upload product' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    const [request] = posts(api);
    expect(request?.url).toBe('/products');
    act(() => request?.onUploadProgress?.(uploadProgress(50, 100)));
    const bar = await screen.findByRole<HTMLProgressElement>('progressbar', { name: 'Uploading… 50%' });
    expect(bar.value).toBe(0.5);
    expect(screen.getByText('Uploading… 50%')).toBeTruthy();

    expect(entriesOf(formDataOf(request))).toEqual({
      title: ['Neon cap'],
      brand: ['adidas'],
      description: ['A bright cap for summer'],
      link_hacoo: ['https://www.hacoo.com/item/99'],
      link_cnfans: ['https://cnfans.com/item/99'],
      'categories[]': ['calzado', 'accesorios'],
      // Known colours go by their Spanish name, the catalogue's language; others as typed.
      'colors[]': ['negro', 'blanco', 'mint green', 'azul marino'],
      // The account's language (anOwnUser's is English), as the form chose it.
      language: ['en'],
      photos: [photo],
      gallery: ['[{"upload":0}]'],
    });
    // Eight 2 MB photos on a slow link outlast the client's default timeout.
    expect(request?.timeout).toBe(300_000);
    expect(heard).not.toHaveBeenCalled();

    answer.resolve(savedAs(anOwnProduct({ id: 99, slug: 'neon-cap' })));
    expect((await screen.findByRole('main', { name: 'Product page' })).textContent).toBe('/en/product/neon-cap');
    expect(heard).toHaveBeenCalledExactlyOnceWith({ productId: 99, slug: 'neon-cap' });
    expect(bus.last('product:uploaded')).toEqual({ productId: 99, slug: 'neon-cap' });
    expect(check).toHaveBeenCalledOnce();
    expect(toasts()).toEqual([{ kind: 'success', message: 'Your product is online. Thanks for sharing!' }]);
    expect(localStorage.getItem(NEW_DRAFT)).toBeNull();
    expect(posts(api)).toHaveLength(1);
  });

  it('leaves out the optional fields left empty', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await user.type(field('Title'), 'Plain tee');
    await user.type(field('Description'), 'Just a tee');
    await user.type(field('Hacoo link'), 'https://www.hacoo.com/item/5');
    await user.click(checkbox('T-shirts & Tops'));
    const photo = pngFile();
    await user.upload(photoPicker(), photo);
    await screen.findByRole('img', { name: 'Photo 1' });
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await screen.findByRole('main', { name: 'Product page' });

    expect(entriesOf(formDataOf(posts(api)[0]))).toEqual({
      title: ['Plain tee'],
      description: ['Just a tee'],
      link_hacoo: ['https://www.hacoo.com/item/5'],
      'categories[]': ['camisetas-y-tops'],
      language: ['en'],
      photos: [photo],
      gallery: ['[{"upload":0}]'],
    });
  });

  it('shows the API’s messages beside their fields and the first in a toast, keeping everything typed', async () => {
    const api = serveApi({
      save: () => ({
        status: 422,
        data: {
          message: 'The given data was invalid.',
          errors: {
            title: ['A product with this title already exists.'],
            link_hacoo: ['The Hacoo link must point to hacoo.com.'],
            'categories[]': ['Choose at most 8 categories.'],
          },
        },
      }),
    });
    const { user } = await renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    expect(await screen.findByText('A product with this title already exists.')).toBeTruthy();
    expect(toasts()).toEqual([{ kind: 'error', message: 'A product with this title already exists.' }]);
    for (const [label, message] of [
      ['Title', 'A product with this title already exists.'],
      ['Hacoo link', 'The Hacoo link must point to hacoo.com.'],
    ] as const) {
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
      expect(descriptionOf(field(label))).toBe(message);
    }
    expect(categoriesGroup().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(categoriesGroup())).toBe('Choose at most 8 categories.');
    expect(field('Description').hasAttribute('aria-invalid')).toBe(false);
    // The first field refused takes the focus; no general message when fields have theirs.
    expect(document.activeElement).toBe(field('Title'));
    expect(screen.queryByText('The given data was invalid.')).toBeNull();

    // Nothing typed is lost and the form can be sent again.
    expect(field('Title').value).toBe('Neon cap');
    expect(field<HTMLSelectElement>('Brand').value).toBe('adidas');
    expect(field('Hacoo link').value).toBe('https://www.hacoo.com/item/99');
    expect(checkbox('Footwear').checked).toBe(true);
    expect(checkbox('Accessories').checked).toBe(true);
    expect(chosenColours()).toEqual(['black', 'white', 'navy']);
    expect(otherColours()).toEqual(['mint green']);
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Upload product' }).disabled).toBe(false);
    expect(screen.queryByRole('main', { name: 'Product page' })).toBeNull();
    expect(heard).not.toHaveBeenCalled();
    expect(check).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(NEW_DRAFT) ?? 'null')).toMatchObject({ title: 'Neon cap', categories: ['calzado', 'accesorios'] });

    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await vi.waitFor(() => expect(posts(api)).toHaveLength(2));
    expect(formDataOf(posts(api)[1]).get('title')).toBe('Neon cap');
  });

  it('shows a refused photo’s or colours’ message beside that field and focuses the first', async () => {
    serveApi({
      save: () => ({
        status: 422,
        data: {
          message: 'The given data was invalid.',
          errors: { image: ['The image could not be read.'], 'colors[]': ['A colour may have at most 40 characters.'] },
        },
      }),
    });
    const { user } = await renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The image could not be read.');
    expect(photoPicker().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(photoPicker())).toBe('PNG or JPG, at most 2 MB each. The first photo is the cover. Mark the agent’s warehouse photos of the actual item as QC photos. The image could not be read.');
    expect(document.activeElement).toBe(photoPicker());
    expect(coloursGroup().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(coloursGroup())).toBe('A colour may have at most 40 characters.');
    expect(descriptionOf(field('Other colours (optional)'))).toBe(
      'Not in the list? Type it and press Add. Separate several with commas. A colour may have at most 40 characters.',
    );
    expect(toasts()).toEqual([{ kind: 'error', message: 'The image could not be read.' }]);
  });

  it('focuses the first category when the API refuses the categories first', async () => {
    serveApi({ save: () => ({ status: 422, data: { message: 'Invalid.', errors: { 'categories[]': ['Choose at most 8 categories.'] } } }) });
    const { user } = await renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    expect(await screen.findByText('Choose at most 8 categories.')).toBeTruthy();
    expect(document.activeElement).toBe(checkbox('T-shirts & Tops'));
  });

  it('shows the general message in the form when no field is to blame', async () => {
    serveApi({ save: () => ({ status: 500, data: { message: 'The image could not be stored.' } }) });
    const { user } = await renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    expect(await screen.findByText('The image could not be stored.')).toBeTruthy();
    expect(toasts()).toEqual([{ kind: 'error', message: 'The image could not be stored.' }]);
    expect(screen.getAllByRole('textbox').some((box) => box.hasAttribute('aria-invalid'))).toBe(false);
    expect(field('Title').value).toBe('Neon cap');
  });

  it('says the product could not be saved when the API cannot be reached', async () => {
    serveApi({ save: () => Promise.reject(new Error('Network Error')) });
    const { user } = await renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    expect(await screen.findByText('The product could not be saved. Try again.')).toBeTruthy();
    expect(toasts()).toEqual([{ kind: 'error', message: 'The product could not be saved. Try again.' }]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('keeps everything typed and the photo when the session expires, and sends them once the user has signed in again', async () => {
    localStorage.setItem(TOKEN_KEY, 'revoked-token');
    const api = serveApi({ save: refusedOnce(savedAs(anOwnProduct({ id: 99, slug: 'neon-cap' }))) });
    const { user } = await renderForm();
    const photo = pngFile('neon-cap.png');
    await fillIn(user, photo);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    // The shell asks for the new sign-in over the page: no toast, no field blamed, nothing left busy.
    expect(toasts()).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(sessionStore.getState().status).toBe('expired');
    expect(field('Title').value).toBe('Neon cap');
    expect(checkbox('Accessories').checked).toBe(true);
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(NEW_DRAFT) ?? 'null')).toMatchObject({ title: 'Neon cap', categories: ['calzado', 'accesorios'] });

    signInAgain();
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    expect((await screen.findByRole('main', { name: 'Product page' })).textContent).toBe('/en/product/neon-cap');
    const [refused, sent] = posts(api);
    expect(refused?.headers.get('Authorization')).toBe('Bearer revoked-token');
    expect(sent?.headers.get('Authorization')).toBe('Bearer fresh-token');
    expect(entriesOf(formDataOf(sent))).toEqual(entriesOf(formDataOf(refused)));
    expect(formDataOf(sent).getAll('photos')).toEqual([photo]);
    expect(localStorage.getItem(NEW_DRAFT)).toBeNull();
  });

  it('sends a price as typed with its currency, and none when the amount is left empty', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillIn(user);
    await user.type(field('Amount'), '12,50');
    await user.selectOptions(field<HTMLSelectElement>('Currency'), 'USD');
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await screen.findByRole('main', { name: 'Product page' });
    const sent = formDataOf(posts(api)[0]);
    expect(sent.get('price_amount')).toBe('12,50');
    expect(sent.get('price_currency')).toBe('USD');
  });

  it('shows the API’s word on a price beside the amount and puts the focus there', async () => {
    const api = serveApi({
      save: () => ({ status: 422, data: { message: 'Write the price with at most two decimals.', code: 'validation.price_amount', errors: { price_amount: ['Write the price with at most two decimals.'] }, codes: { price_amount: ['validation.price_amount'] } } }),
    });
    const { user } = await renderForm();
    await fillIn(user);
    await user.type(field('Amount'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(field('Amount')));
    expect(field('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(field('Amount').value).toBe('12.345');
    expect(posts(api)).toHaveLength(1);
  });

  it('keeps the draft through a reload (not the photo) and forgets it once the product is online', async () => {
    const api = serveApi();
    const first = await renderForm();
    await fillIn(first.user);
    expect(JSON.parse(localStorage.getItem(NEW_DRAFT) ?? 'null')).toEqual({
      title: 'Neon cap',
      brand: 'adidas',
      description: '  A bright cap for summer  ',
      link_hacoo: 'https://www.hacoo.com/item/99',
      link_dhgate: '',
      link_cnfans: 'https://cnfans.com/item/99',
      categories: ['calzado', 'accesorios'],
      colors: ['negro', 'blanco', 'mint green', 'azul marino'],
      language: 'en',
      price_amount: '',
      price_currency: 'CNY',
    });
    first.unmount();

    const { user } = await renderForm();
    expect(field('Title').value).toBe('Neon cap');
    expect(field<HTMLSelectElement>('Brand').value).toBe('adidas');
    expect(field<HTMLTextAreaElement>('Description').value).toBe('  A bright cap for summer  ');
    expect(field('Hacoo link').value).toBe('https://www.hacoo.com/item/99');
    expect(field('Agent or marketplace link (optional)').value).toBe('https://cnfans.com/item/99');
    expect(checkbox('Footwear').checked).toBe(true);
    expect(checkbox('Accessories').checked).toBe(true);
    expect(checkbox('T-shirts & Tops').checked).toBe(false);
    expect(chosenColours()).toEqual(['black', 'white', 'navy']);
    expect(otherColours()).toEqual(['mint green']);
    // A file cannot be kept: the photo is asked for again.
    expect(screen.queryByRole('img', { name: 'Photo 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    expect(await screen.findByText('Choose at least one photo of the product.')).toBeTruthy();

    await user.upload(photoPicker(), pngFile());
    await screen.findByRole('img', { name: 'Photo 1' });
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await screen.findByRole('main', { name: 'Product page' });
    expect(formDataOf(posts(api)[0]).getAll('categories[]')).toEqual(['calzado', 'accesorios']);
    expect(localStorage.getItem(NEW_DRAFT)).toBeNull();
    await settle();
    expect(localStorage.getItem(NEW_DRAFT)).toBeNull();
  });

  it('starts empty when the draft in storage is unreadable', async () => {
    localStorage.setItem(NEW_DRAFT, '{not json');
    serveApi();
    await renderForm();
    expect(field('Title').value).toBe('');
    expect(within(categoriesGroup()).getAllByRole<HTMLInputElement>('checkbox').some((box) => box.checked)).toBe(false);
  });
});

describe('ProductFormPage: editing', () => {
  const mine = anOwnProduct();
  const others = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => anOwnProduct({ id: from + index, slug: `other-${from + index}`, title: `Other ${from + index}` }));

  it('finds the product among the user’s own, page by page, and fills the form with it', async () => {
    const api = serveApi({ own: [others(100, 50), [...others(150, 3), mine]] });
    await renderForm('/en/product/edit/retro-runner');

    expect(screen.getByRole('heading', { level: 1, name: 'Edit product' })).toBeTruthy();
    expect(api.requests.map((request) => request.url)).toEqual([
      '/brands',
      '/categories',
      '/auth/products?page=1&per_page=50',
      '/auth/products?page=2&per_page=50',
    ]);
    expect(field('Title').value).toBe('Retro Runner sneakers');
    expect(field<HTMLSelectElement>('Brand').value).toBe('nike');
    expect(field<HTMLTextAreaElement>('Description').value).toBe('Comfortable running shoes');
    expect(field('Hacoo link').value).toBe('https://www.hacoo.com/item/1');
    expect(field('DHGate link (optional)').value).toBe('');
    expect(field('Agent or marketplace link (optional)').value).toBe('https://cnfans.com/item/1');
    expect(within(categoriesGroup()).getAllByRole<HTMLInputElement>('checkbox').map((box) => box.checked)).toEqual([false, true, false]);
    expect(chosenColours()).toEqual(['black', 'white']);
    expect(otherColours()).toEqual([]);
    // The saved photo is shown and another is not required.
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Photo 1' }).getAttribute('src')).toBe(
      'http://api.test/images/products/retro-runner-thumb.webp',
    );
    expect(photoPicker().required).toBe(false);
  });

  it('keeps no draft of an edit form nobody touched, and one as soon as something is typed', async () => {
    serveApi({ own: [[mine]] });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    await settle();
    expect(localStorage.getItem(EDIT_DRAFT)).toBeNull();
    await user.type(field('Title'), '!');
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem(EDIT_DRAFT) ?? '{}').title).toBe('Retro Runner sneakers!'));
  });

  it('leaves no page showing the product as it was: its page, its links and the lists it is in are asked again', async () => {
    const untouched = seedReads([
      '/products/slug/retro-runner?include=user',
      '/products/1',
      '/products/cat/calzado',
      '/products/recents',
      '/brands/slug/nike?include=products',
      '/users/username/ana_hunts?include=products',
      '/auth/products',
      '/auth/favs',
    ]);
    serveApi({ own: [[mine]] });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    await user.type(field('Title'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('main', { name: 'Product page' });
    expect(untouched()).toEqual([]);
  });

  it('shows the saved price, and takes it away when the amount is emptied', async () => {
    const priced = anOwnProduct({ price: { amount_minor: 8900, currency: 'GBP' } });
    const api = serveApi({ own: [[priced]], save: () => savedAs(priced) });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    expect(field('Amount').value).toBe('89.00');
    expect(field<HTMLSelectElement>('Currency').value).toBe('GBP');
    await user.clear(field('Amount'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('main', { name: 'Product page' });
    expect(formDataOf(posts(api)[0]).get('price_amount')).toBe('');
  });

  it('saves through /products/update with the id and without a new photo, then opens the product', async () => {
    const api = serveApi({ own: [[mine]], save: () => savedAs(anOwnProduct({ title: 'Retro Runner 2', slug: 'retro-runner-2' })) });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Retro Runner 2');
    await user.click(checkbox('Accessories'));
    expect(JSON.parse(localStorage.getItem(EDIT_DRAFT) ?? 'null')).toMatchObject({ title: 'Retro Runner 2' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByRole('main', { name: 'Product page' })).textContent).toBe('/en/product/retro-runner-2');
    const [request] = posts(api);
    expect(request?.url).toBe('/products/update');
    expect(entriesOf(formDataOf(request))).toEqual({
      id: ['1'],
      title: ['Retro Runner 2'],
      brand: ['nike'],
      description: ['Comfortable running shoes'],
      link_hacoo: ['https://www.hacoo.com/item/1'],
      link_cnfans: ['https://cnfans.com/item/1'],
      'categories[]': ['calzado', 'accesorios'],
      // Stored in English by an older form: sent back under their Spanish names.
      'colors[]': ['blanco', 'negro'],
      language: ['en'],
      // Sent empty: the product keeps having no price.
      price_amount: [''],
      price_currency: ['CNY'],
      // Its one saved photo, kept.
      gallery: ['[{"photo":1}]'],
    });
    expect(toasts()).toEqual([{ kind: 'success', message: 'Your changes are saved.' }]);
    expect(heard).toHaveBeenCalledExactlyOnceWith({ productId: 1, slug: 'retro-runner-2' });
    expect(check).toHaveBeenCalledOnce();
    expect(localStorage.getItem(EDIT_DRAFT)).toBeNull();
  });

  it('keeps the edits and the new photo when the session expires, and saves them once the user has signed in again', async () => {
    localStorage.setItem(TOKEN_KEY, 'revoked-token');
    const api = serveApi({ own: [[mine]], save: refusedOnce(savedAs(anOwnProduct({ title: 'Retro Runner 2', slug: 'retro-runner-2' }))) });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Retro Runner 2');
    await user.clear(field<HTMLTextAreaElement>('Description'));
    await user.type(field<HTMLTextAreaElement>('Description'), 'Now with a wider toe box');
    const photo = pngFile('runner.png');
    await user.upload(photoPicker(), photo);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    expect(toasts()).toEqual([]);
    expect(field('Title').value).toBe('Retro Runner 2');
    expect(field<HTMLTextAreaElement>('Description').value).toBe('Now with a wider toe box');
    expect(heard).not.toHaveBeenCalled();

    signInAgain();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('main', { name: 'Product page' })).textContent).toBe('/en/product/retro-runner-2');
    const sent = posts(api)[1];
    expect(sent?.url).toBe('/products/update');
    expect(entriesOf(formDataOf(sent))).toMatchObject({
      id: ['1'],
      title: ['Retro Runner 2'],
      description: ['Now with a wider toe box'],
      photos: [photo],
      // After the product's saved photo.
      gallery: ['[{"photo":1},{"upload":0}]'],
    });
    expect(toasts()).toEqual([{ kind: 'success', message: 'Your changes are saved.' }]);
    expect(localStorage.getItem(EDIT_DRAFT)).toBeNull();
  });

  it('sends a new photo after the saved one', async () => {
    const api = serveApi({ own: [[mine]] });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    const photo = pngFile('new-look.png');
    await user.upload(photoPicker(), photo);
    await vi.waitFor(() =>
      expect(screen.getByRole<HTMLImageElement>('img', { name: 'Photo 2' }).getAttribute('src')).toBe('blob:test/1'),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('main', { name: 'Product page' });
    expect(formDataOf(posts(api)[0]).getAll('photos')).toEqual([photo]);
    expect(formDataOf(posts(api)[0]).get('gallery')).toBe('[{"photo":1},{"upload":0}]');
  });

  it('shows a product under "Various" as having no brand, and sends none', async () => {
    const various = anOwnProduct({ brand: { id: 1, slug: 'various', name: 'Various', image: 'brands/various.webp' } });
    const api = serveApi({ own: [[various]] });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    expect(field<HTMLSelectElement>('Brand').value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('main', { name: 'Product page' });
    expect(formDataOf(posts(api)[0]).has('brand')).toBe(false);
  });

  it('says so when the product is not one of the user’s, after the last page', async () => {
    const api = serveApi({ own: [others(100, 50), others(150, 2)] });
    await renderAccount(pages, { route: '/en/product/edit/retro-runner' });

    expect(await screen.findByRole('heading', { name: 'This product is not one of yours.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
    await settle();
    expect(api.requests.filter((request) => request.url?.startsWith('/auth/products'))).toHaveLength(2);
  });
});

describe('ProductFormPage: the language of the text', { timeout: 20_000 }, () => {
  const languageField = () => field<HTMLSelectElement>('Language of the text');

  it('offers the five languages, each by its own name and marked as such, described by its hint', async () => {
    serveApi();
    await renderForm();
    const select = languageField();
    const options = within(select).getAllByRole<HTMLOptionElement>('option');
    expect(options.map((option) => [option.value, option.textContent, option.lang])).toEqual([
      ['es', 'Español', 'es'],
      ['en', 'English', 'en'],
      ['de', 'Deutsch', 'de'],
      ['it', 'Italiano', 'it'],
      ['fr', 'Français', 'fr'],
    ]);
    expect(descriptionOf(select)).toBe('The language the title and description are written in.');
  });

  it('starts at the account\'s language, not the page\'s, and sends the one chosen', async () => {
    sessionStore.setState({ user: anOwnUser({ language: 'de' }) });
    const api = serveApi();
    const { user } = await renderForm();
    expect(languageField().value).toBe('de');
    await fillIn(user);
    await user.selectOptions(languageField(), 'Italiano');
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await screen.findByRole('main', { name: 'Product page' });
    expect(entriesOf(formDataOf(posts(api)[0])).language).toEqual(['it']);
  });

  it('shows the language of a product being edited, and sends it changed', async () => {
    const api = serveApi({ own: [[anOwnProduct({ language: 'es' })]] });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    expect(languageField().value).toBe('es');
    await user.selectOptions(languageField(), 'fr');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('main', { name: 'Product page' });
    expect(entriesOf(formDataOf(posts(api)[0])).language).toEqual(['fr']);
  });

  it('shows the API\'s refusal of the language beside the field, which it marks invalid and focuses', async () => {
    const message = 'The language must be one of es, en, de, it, fr.';
    serveApi({ save: () => ({ status: 422, data: { message, errors: { language: [message] } } }) });
    const { user } = await renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await vi.waitFor(() => expect(languageField().getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(languageField())).toBe(`The language the title and description are written in. ${message}`);
    expect(document.activeElement).toBe(languageField());
  });

  it('is labelled in the page\'s language', async () => {
    serveApi();
    await renderForm('/es/product/new');
    await act(() => i18n.changeLanguage('es'));
    try {
      const select = await screen.findByLabelText<HTMLSelectElement>('Idioma del texto');
      expect(descriptionOf(select)).toBe('El idioma en que están escritos el título y la descripción.');
      // anOwnUser's account is English, whatever the page's language.
      expect(select.value).toBe('en');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('ProductFormPage: loading', () => {
  it('offers to try again when the form’s data could not be loaded, and then shows the form', async () => {
    let attempts = 0;
    const api = serveApi({
      categories: () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, data: { message: 'Server Error' } } : results(CATEGORIES);
      },
    });
    const { user } = await renderAccount(pages, { route: '/en/product/new' });

    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload product' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('button', { name: 'Upload product' })).toBeTruthy();
    expect(checkbox('Footwear')).toBeTruthy();
    expect(api.requests.filter((request) => request.url === '/categories')).toHaveLength(2);
  });
});

/** The least a new product needs, the photo included, so a test can look at one more thing. */
async function fillInTheRequired(user: UserEvent) {
  await user.click(field('Title'));
  await user.paste('Plain tee');
  await user.click(field('Description'));
  await user.paste('Just a tee');
  await user.click(field('Hacoo link'));
  await user.paste('https://www.hacoo.com/item/5');
  await user.click(checkbox('T-shirts & Tops'));
  await user.upload(photoPicker(), pngFile());
  await screen.findByRole('img', { name: 'Photo 1' });
}

async function upload(user: UserEvent, api: { requests: FakeRequest[] }) {
  await user.click(screen.getByRole('button', { name: 'Upload product' }));
  await screen.findByRole('main', { name: 'Product page' });
  return formDataOf(posts(api)[0]);
}

const otherBox = () => field('Other colours (optional)');

describe('ProductFormPage: colours', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('sends the colours chosen in the palette by their Spanish names; unchecking one takes it away', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillInTheRequired(user);
    await user.click(checkbox('grey'));
    await user.click(checkbox('sky blue'));
    await user.click(checkbox('dusty pink'));
    await user.click(checkbox('grey'));
    expect(chosenColours()).toEqual(['sky blue', 'dusty pink']);

    expect((await upload(user, api)).getAll('colors[]')).toEqual(['azul cielo', 'rosa palo']);
  });

  it('names the palette in the page’s language', async () => {
    serveApi();
    await renderForm('/de/product/new');
    await act(() => i18n.changeLanguage('de'));
    const group = await screen.findByRole('group', { name: 'Farben (optional)' });
    expect(within(group).getByRole('checkbox', { name: 'schwarz' })).toBeTruthy();
    expect(within(group).getByRole('checkbox', { name: 'marineblau' })).toBeTruthy();
    expect(screen.getByLabelText('Weitere Farben (optional)')).toBeTruthy();
  });

  it('adds typed colours with the button or Enter: a known one checks the palette, another becomes a chip', async () => {
    serveApi();
    const { user } = await renderForm();
    await user.type(otherBox(), 'teal');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(otherColours()).toEqual(['teal']);
    expect(otherBox().value).toBe('');

    await user.type(otherBox(), 'Burgundy{Enter}');
    expect(chosenColours()).toEqual(['burgundy']);
    expect(otherColours()).toEqual(['teal']);
    // Enter added the colour: it did not send the form.
    expect(screen.queryByText('Choose at least one category.')).toBeNull();

    // Each colour once, however it is spelt.
    await user.type(otherBox(), 'TEAL, burdeos{Enter}');
    expect(otherColours()).toEqual(['teal']);
    expect(chosenColours()).toEqual(['burgundy']);
    expect(JSON.parse(localStorage.getItem(NEW_DRAFT) ?? 'null')).toMatchObject({ colors: ['teal', 'burdeos'] });
  });

  it('removes a typed colour with its chip’s button and gives the focus to the box', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillInTheRequired(user);
    await user.type(otherBox(), 'teal, mint{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove teal' }));
    expect(otherColours()).toEqual(['mint']);
    expect(document.activeElement).toBe(otherBox());

    expect((await upload(user, api)).getAll('colors[]')).toEqual(['mint']);
  });

  it('sends what is typed in the box but not added yet, and shows it added', async () => {
    const api = serveApi({ save: () => ({ status: 500, data: { message: 'Try later.' } }) });
    const { user } = await renderForm();
    await fillInTheRequired(user);
    await user.click(checkbox('black'));
    await user.type(otherBox(), 'teal, Rojo');
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    await screen.findByText('Try later.');
    expect(formDataOf(posts(api)[0]).getAll('colors[]')).toEqual(['negro', 'teal', 'rojo']);
    expect(otherBox().value).toBe('');
    expect(chosenColours()).toEqual(['black', 'red']);
    expect(otherColours()).toEqual(['teal']);
  });

  it('refuses a typed colour longer than the API takes, when added and when sent', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillInTheRequired(user);
    const long = 'a very long colour name that nobody really needs';
    await user.click(otherBox());
    await user.paste(long);
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(screen.getByText('A colour can have at most 40 characters.')).toBeTruthy();
    expect(otherBox().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(otherBox())).toBe('Not in the list? Type it and press Add. Separate several with commas. A colour can have at most 40 characters.');
    expect(otherColours()).toEqual([]);
    expect(otherBox().value).toBe(long);

    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    expect(coloursGroup().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(otherBox());
    await settle();
    expect(posts(api)).toEqual([]);
  });

  it('offers no more colours once a product has the twenty it can have', async () => {
    localStorage.setItem(NEW_DRAFT, JSON.stringify({ colors: ['negro', ...Array.from({ length: 19 }, (_, index) => `shade ${index}`)] }));
    serveApi();
    await renderForm();
    expect(checkbox('black').disabled).toBe(false);
    expect(checkbox('white').disabled).toBe(true);
  });

  it('brings a draft of the older form, its colours as one text, up to date', async () => {
    localStorage.setItem(NEW_DRAFT, JSON.stringify({ title: 'Old draft', colors: 'black, teal ,, Navy' }));
    serveApi();
    await renderForm();
    expect(field('Title').value).toBe('Old draft');
    expect(chosenColours()).toEqual(['black', 'navy']);
    expect(otherColours()).toEqual(['teal']);
  });

  it('checks the known colours of a product being edited whatever language they were stored in, and keeps the others as chips', async () => {
    const api = serveApi({ own: [[anOwnProduct({ colors: ['Schwarz', 'crema', 'verde agua', 'black'] })]] });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    expect(chosenColours()).toEqual(['black', 'cream']);
    expect(otherColours()).toEqual(['verde agua']);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('main', { name: 'Product page' });
    expect(formDataOf(posts(api)[0]).getAll('colors[]')).toEqual(['negro', 'crema', 'verde agua']);
  });
});

describe('ProductFormPage: the photos', { timeout: 20_000 }, () => {
  const galleryOf = (form: FormData) => JSON.parse(String(form.get('gallery'))) as unknown;
  const previews = () => screen.getAllByRole<HTMLImageElement>('img', { name: /^Photo \d$/ }).map((image) => image.getAttribute('src'));

  it('takes several at once, in the order arranged, each with its alt text and QC mark; the first is the cover', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillInTheRequired(user);
    const [front, sole, warehouse] = [pngFile('front.png'), pngFile('sole.png'), pngFile('warehouse.png')];
    await user.upload(photoPicker(), [sole, warehouse]);
    await screen.findByRole('img', { name: 'Photo 3' });
    // The first photo, chosen with the required fields, is replaced by `front`.
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.upload(photoPicker(), front);
    // front is third: two places earlier makes it the cover, and the focus stays on its button.
    await user.click(await screen.findByRole('button', { name: 'Move photo 3 earlier' }));
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move photo 2 earlier'));
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'What photo 1 shows (optional)' }), 'Front view');
    await user.click(within(screen.getByRole('textbox', { name: 'What photo 3 shows (optional)' }).closest('li') as HTMLElement).getByRole('checkbox', { name: /QC photo/ }));
    expect(screen.getByText('Cover').closest('li')?.querySelector('img')?.getAttribute('alt')).toBe('Photo 1');

    const sent = await upload(user, api);
    expect(sent.getAll('photos')).toEqual([front, sole, warehouse]);
    expect(galleryOf(sent)).toEqual([{ upload: 0, alt: 'Front view' }, { upload: 1 }, { upload: 2, qc: true }]);
    expect(sent.has('image')).toBe(false);
  });

  it('adds photos dropped on the field', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillInTheRequired(user);
    const dropped = pngFile('dropped.png');
    fireEvent.drop(screen.getByText('or drop them here'), { dataTransfer: { files: [dropped], types: ['Files'] } });
    await screen.findByRole('img', { name: 'Photo 2' });
    expect((await upload(user, api)).getAll('photos')[1]).toBe(dropped);
  });

  it('refuses a ninth photo, and says so', async () => {
    serveApi();
    const { user } = await renderForm();
    await user.upload(photoPicker(), Array.from({ length: 9 }, (_, index) => pngFile(`p${index}.png`)));
    expect((await screen.findByRole('alert')).textContent).toBe('A product can have at most 8 photos.');
    expect(previews()).toHaveLength(8);
    expect(photoPicker().disabled).toBe(true);
  });

  it('asks for a photo again once the only one is removed', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillInTheRequired(user);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    expect(await screen.findByText('Choose at least one photo of the product.')).toBeTruthy();
    expect(document.activeElement).toBe(photoPicker());
    expect(posts(api)).toEqual([]);
  });

  it('keeps an edited product’s saved photos by id, in the new order, with a new one and without a removed one', async () => {
    const saved = [
      { id: 11, image: 'products/a.webp', thumbnail: 'products/a-thumb.webp', alt: 'Box', qc: false },
      { id: 12, image: 'products/b.webp', thumbnail: 'products/b-thumb.webp', alt: '', qc: true },
      { id: 13, image: 'products/c.webp', thumbnail: 'products/c-thumb.webp', alt: '', qc: false },
    ];
    const api = serveApi({ own: [[anOwnProduct({ photos: saved })]] });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    expect(previews()).toEqual(['http://api.test/images/products/a-thumb.webp', 'http://api.test/images/products/b-thumb.webp', 'http://api.test/images/products/c-thumb.webp']);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'What photo 1 shows (optional)' }).value).toBe('Box');
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    await user.upload(photoPicker(), pngFile('new.png'));
    await screen.findByRole('img', { name: 'Photo 3' });
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('main', { name: 'Product page' });
    const sent = formDataOf(posts(api)[0]);
    expect(galleryOf(sent)).toEqual([{ photo: 12, qc: true }, { photo: 11, alt: 'Box' }, { upload: 0 }]);
    expect(sent.getAll('photos')).toHaveLength(1);
  });
});
