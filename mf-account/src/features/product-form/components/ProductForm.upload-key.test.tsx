import type { Category } from '@linkhunt/contracts/category';
import { IDEMPOTENCY_KEY_HEADER, isIdempotencyKey } from '@linkhunt/contracts/idempotency';
import type { OwnProduct } from '@linkhunt/contracts/product';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toastStore } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand, anOwnUser, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '../../../test/form-helpers.ts';
import { pngFile } from '@linkhunt/shared-ui/test/image-files.ts';
import { stubObjectUrls } from '@linkhunt/shared-ui/test/object-urls.ts';
import { renderAccount } from '../../../test/render-account.tsx';
import ProductFormPage from './ProductFormPage.tsx';

/**
 * The upload form names each upload with an Idempotency-Key and sends the same key with every retry of the same
 * draft: an upload whose answer was lost (network error, timeout) may have created the product, and the retry
 * must not create it twice.
 */
const footwear: Category = { id: 8, slug: 'calzado', name: 'Calzado' };
const mine: OwnProduct = {
  ...aProduct({ categories: [footwear] }),
  link_hacoo: 'https://www.hacoo.com/item/1',
  link_dhgate: null,
  link_cnfans: null,
  photos: [{ id: 1, image: 'products/retro-runner.webp', thumbnail: 'products/retro-runner-thumb.webp', alt: '', qc: false }],
};
const saved = (slug: string): Reply => results({ ...mine, id: 99, slug });
const networkDown = () => Promise.reject(new Error('Network Error'));

/** Answers the form's reads; `saves` answers the POSTs in turn (the last one again once they run out). */
function serveApi(saves: (() => Reply | Promise<Reply>)[]) {
  let sent = 0;
  return fakeApi((request) => {
    const url = request.url ?? '';
    if (request.method === 'get' && url === '/brands') return results([aBrand()]);
    if (request.method === 'get' && url === '/categories') return results([footwear]);
    if (request.method === 'get' && url.startsWith('/auth/products?')) {
      return { data: { results: { data: [mine], meta: { pagination: { total: 1, count: 1, per_page: 50, current_page: 1, total_pages: 1 } } } } };
    }
    if (request.method === 'post') return (saves[Math.min(sent++, saves.length - 1)] ?? (() => saved('neon-cap')))();
    return { status: 404, data: { message: 'No route' } };
  });
}

function ProductPage() {
  const { slug } = useParams();
  return <main aria-label="Product page">{slug}</main>;
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

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const posts = (api: { requests: FakeRequest[] }) => api.requests.filter((request) => request.method === 'post');
const keysOf = (api: { requests: FakeRequest[] }) => posts(api).map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));

/** Pasted rather than typed key by key: these tests are about what is sent, not about typing. */
async function fill(user: UserEvent, label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

async function fillIn(user: UserEvent, photo: File) {
  await fill(user, 'Title', 'Neon cap');
  await fill(user, 'Description', 'A bright cap');
  await fill(user, 'Hacoo link', 'https://www.hacoo.com/item/99');
  await user.click(screen.getByRole('checkbox', { name: 'Footwear' }));
  await choosePhoto(user, photo);
}

async function choosePhoto(user: UserEvent, photo: File) {
  await user.upload(screen.getByLabelText<HTMLInputElement>(/^(Choose photos|Add photos)/), photo);
  await screen.findByRole('img', { name: 'Photo 1' });
}

async function submitAndFail(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Upload product' }));
  await screen.findByText('The product could not be saved. Try again.');
}

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  sessionStore.setState({ status: 'authenticated', user: anOwnUser(), check: vi.fn(() => Promise.resolve()) });
  toastStore.setState({ toasts: [] });
  urls = stubObjectUrls();
});
afterEach(() => {
  urls.restore();
  restoreApi();
  localStorage.clear();
  toastStore.setState({ toasts: [] });
});

// The first render loads the page's code and words: more than the default 5 s on a busy two-core machine.
describe('ProductForm: the Idempotency-Key of an upload', { timeout: 20_000 }, () => {
  it('sends one key with the first try and the same key with the retry after a network error', async () => {
    const api = serveApi([networkDown, () => saved('neon-cap')]);
    const { user } = await renderForm();
    await fillIn(user, pngFile('cap.png'));
    await submitAndFail(user);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await screen.findByRole('main', { name: 'Product page' });

    const [first, retry] = keysOf(api);
    expect(first).not.toBeNull();
    expect(isIdempotencyKey(first ?? '')).toBe(true);
    expect(retry).toBe(first);
  });

  it('makes a new key for a changed draft, and for the next product once one is online', async () => {
    const api = serveApi([networkDown, () => saved('neon-cap')]);
    const first = await renderForm();
    await fillIn(first.user, pngFile('cap.png'));
    await submitAndFail(first.user);
    await fill(first.user, 'Title', ' 2');
    await first.user.click(screen.getByRole('button', { name: 'Upload product' }));
    await screen.findByRole('main', { name: 'Product page' });
    first.unmount();

    const next = await renderForm();
    await fillIn(next.user, pngFile('cap.png'));
    await next.user.click(screen.getByRole('button', { name: 'Upload product' }));
    await screen.findByRole('main', { name: 'Product page' });

    const keys = keysOf(api);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
  });

  it('makes a new key when another photo is chosen', async () => {
    const api = serveApi([networkDown, () => saved('neon-cap')]);
    const { user } = await renderForm();
    await fillIn(user, pngFile('cap.png'));
    await submitAndFail(user);
    await choosePhoto(user, pngFile('another-angle.png'));
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await screen.findByRole('main', { name: 'Product page' });

    const [first, second] = keysOf(api);
    expect(second).not.toBe(first);
  });

  it('recognises the retry after a reload: the kept draft and the same photo picked again go with the same key', async () => {
    const api = serveApi([networkDown, () => saved('neon-cap')]);
    const photo = pngFile('cap.png');
    const first = await renderForm();
    await fillIn(first.user, photo);
    await submitAndFail(first.user);
    first.unmount();

    const { user } = await renderForm();
    await choosePhoto(user, photo);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await screen.findByRole('main', { name: 'Product page' });

    const [before, after] = keysOf(api);
    expect(after).toBe(before);
  });

  it('sends no key with an edit, which changes a product instead of creating one', async () => {
    const api = serveApi([() => saved('retro-runner')]);
    const { user } = await renderForm('/en/product/edit/retro-runner');
    await fill(user, 'Title', '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('main', { name: 'Product page' });

    expect(posts(api).map((request) => request.url)).toEqual(['/products/update']);
    expect(keysOf(api)).toEqual([null]);
  });
});
