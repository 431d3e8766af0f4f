import type { BusEvents } from '@linkhunt/contracts/events';
import { APPEAL_MAX_LENGTH, APPEAL_MIN_LENGTH } from '@linkhunt/contracts/moderation';
import type { ModerationNotice, OwnProduct } from '@linkhunt/contracts/product';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { deferred, fakeApi, type Reply, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { pageOf } from '@linkhunt/shared-ui/test/paged.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { describeRequest, listPage, resetAccountState, seedReads, toasts } from '../../../test/account-test-kit.ts';
import { descriptionOf } from '../../../test/form-helpers.ts';
import MyProductsPage from './MyProductsPage.tsx';

const anOwnProduct = (overrides: Partial<OwnProduct>): OwnProduct => ({
  ...aProduct(overrides),
  link_hacoo: 'https://www.hacoo.com/p/1',
  link_dhgate: null,
  link_cnfans: null,
  photos: [],
  ...overrides,
});

const tote = anOwnProduct({ id: 1, slug: 'tote', title: 'Tote bag' });
const cap = anOwnProduct({ id: 2, slug: 'old-cap', title: 'Old cap', hidden: 1 });
const scarf = anOwnProduct({ id: 3, slug: 'scarf', title: 'Scarf' });


async function renderMyProducts() {
  const view = await renderWithProviders(<MyProductsPage />, { route: '/en/auth/products' });
  await i18n.loadNamespaces(NAMESPACE);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('My products');
  return view;
}

/**
 * Every heading on show in document order, as "h2 Title": axe's heading-order wants no level skipped on the way
 * down. A closed dialog's heading is not on show.
 */
const outline = () =>
  Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))
    .filter((heading) => !heading.closest('dialog:not([open])'))
    .map((heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);
const titles = () => screen.queryAllByRole('article').map((card) => card.querySelector('h3')?.textContent);

/** The API with the user's products, all on one page, and the answer to a DELETE (a success takes the product away). */
function productsApi(products: OwnProduct[], onDelete: () => Reply | Promise<Reply> = () => ({ data: { message: 'Product deleted' } })) {
  let left = products;
  return fakeApi(async (request) => {
    if (request.method !== 'delete') return results(left);
    const reply = await onDelete();
    if ((reply.status ?? 200) < 300) left = left.filter((product) => request.url !== `/products/${product.id}`);
    return reply;
  });
}

beforeEach(() => localStorage.setItem(TOKEN_KEY, 'ana-token'));
afterEach(() => resetAccountState());

describe('MyProductsPage', () => {
  it('shows skeletons, then a card per product from /auth/products, hidden ones marked unavailable', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    const { container } = await renderMyProducts();
    expect(container.querySelectorAll('[data-skeleton="product-card"]')).toHaveLength(8);
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    answer.resolve(results([tote, cap]));
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Tote bag', 'Old cap']);
    expect(cards.map((card) => card.textContent?.includes('Unavailable'))).toEqual([false, true]);
    expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(0);
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/products']);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer ana-token');
  });

  it('puts a heading, for screen readers, between the page title and the cards', async () => {
    productsApi([tote, cap]);
    await renderMyProducts();
    await screen.findAllByRole('article');
    expect(outline()).toEqual(['h1 My products', 'h2 List of your products', 'h3 Tote bag', 'h3 Old cap']);
    expect(screen.getByRole('heading', { level: 2 }).classList.contains('visually-hidden')).toBe(true);
  });

  it('offers to add a product at the top and to edit each product', async () => {
    productsApi([tote, cap]);
    await renderMyProducts();
    await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe('/en/product/new');
    const list = screen.getByRole('list', { name: 'My products' });
    expect(within(list).getAllByRole('link', { name: /^Edit / }).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Edit', '/en/product/edit/tote'],
      ['Edit', '/en/product/edit/old-cap'],
    ]);
    expect(within(list).getAllByRole('button', { name: /^Delete / }).map((button) => button.textContent)).toEqual(['Delete', 'Delete']);
  });

  it('says so when the user has uploaded nothing, with a way to add a product', async () => {
    fakeApi(() => results([]));
    await renderMyProducts();
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('You have not uploaded any product yet.');
    expect(screen.getByRole('link', { name: 'Add your first product' }).getAttribute('href')).toBe('/en/product/new');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('says the list could not be loaded when the call fails, and loads it on "Try again"', async () => {
    let failures = 1;
    const api = fakeApi(() => (failures-- > 0 ? { status: 500, data: { message: 'Server Error' } } : results([tote])));
    const { user } = await renderMyProducts();
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Tote bag' })).toBeTruthy();
    expect(api.requests).toHaveLength(2);
  });

  it('loads the next page with "Load more" and moves focus to the first new product', async () => {
    const api = fakeApi((request) =>
      pageOf(request.url) === 1 ? listPage([tote, cap], { page: 1, totalPages: 2, total: 3 }) : listPage([scarf], { page: 2, totalPages: 2, total: 3 }),
    );
    const { user } = await renderMyProducts();
    await screen.findAllByRole('article');
    expect(screen.getByRole('status').textContent).toBe('Showing 2 of 3 products');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'Scarf' });
    expect(titles()).toEqual(['Tote bag', 'Old cap', 'Scarf']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/products', '/auth/products?page=2']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Scarf' }).closest('a')));
  });

  it('asks before deleting, and Cancel keeps the product', async () => {
    const api = productsApi([tote, cap]);
    const { user } = await renderMyProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete this product?' });
    expect(dialog.textContent).toContain('“Tote bag” will be deleted from Linkhunt. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    await settle();
    expect(titles()).toEqual(['Tote bag', 'Old cap']);
    expect(api.requests.map(describeRequest)).toEqual(['GET /auth/products']);
    expect(toasts()).toEqual([]);
  });

  it('closes the question with its close button too, deleting nothing', async () => {
    const api = productsApi([tote]);
    const { user } = await renderMyProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await settle();
    expect(api.requests).toHaveLength(1);
  });

  it('deletes on confirmation: the card goes at once, then a toast and the bus event', async () => {
    const answer = deferred<Reply>();
    const api = productsApi([tote, cap, scarf], () => answer.promise);
    const deleted: BusEvents['product:deleted'][] = [];
    const unsubscribe = bus.subscribe('product:deleted', (payload) => deleted.push(payload));
    try {
      const { user } = await renderMyProducts();
      await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

      expect(screen.queryByRole('dialog')).toBeNull();
      await waitFor(() => expect(titles()).toEqual(['Old cap', 'Scarf']));
      expect(screen.getByRole('status').textContent).toBe('Showing 2 of 2 products');
      await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /auth/products', 'DELETE /products/1']));
      expect(api.requests[1]?.headers.get('Authorization')).toBe('Bearer ana-token');
      // The focus goes to the product that took its place, not to the page.
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Old cap' }).closest('a'));
      expect(deleted).toEqual([]);

      answer.resolve({ data: { message: 'Product deleted' } });
      await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Product deleted' }]));
      expect(deleted).toEqual([{ productId: 1 }]);
      // The list is asked again once deleted, so that what moved up a page on the server shows.
      await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /auth/products', 'DELETE /products/1', 'GET /auth/products']));
      expect(titles()).toEqual(['Old cap', 'Scarf']);
    } finally {
      unsubscribe();
    }
  });

  it('leaves no page showing the deleted product: its page, its links and the lists it was in are asked again', async () => {
    const untouched = seedReads([
      '/products/slug/tote?include=user',
      '/products/1',
      '/products/cat/calzado',
      '/brands/slug/nike?include=products',
      '/users/username/ana_hunts?include=products',
      '/auth/favs',
    ]);
    productsApi([tote, cap]);
    const { user } = await renderMyProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Product deleted' }]));
    expect(untouched()).toEqual([]);
  });

  it('puts the product back where it was and toasts the first validation message when the delete fails', async () => {
    productsApi([tote, cap, scarf], () => ({ status: 422, data: { message: 'Invalid', errors: { id: ['This product cannot be deleted now.'] } } }));
    const deleted: BusEvents['product:deleted'][] = [];
    const unsubscribe = bus.subscribe('product:deleted', (payload) => deleted.push(payload));
    try {
      const { user } = await renderMyProducts();
      await user.click(await screen.findByRole('button', { name: 'Delete Old cap' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

      await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'This product cannot be deleted now.' }]));
      expect(titles()).toEqual(['Tote bag', 'Old cap', 'Scarf']);
      expect(screen.getByRole('status').textContent).toBe('Showing 3 of 3 products');
      expect(deleted).toEqual([]);
    } finally {
      unsubscribe();
    }
  });

  it('falls back to its own words when the failed delete says nothing', async () => {
    productsApi([tote], () => ({ status: 503, data: null }));
    const { user } = await renderMyProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'The product could not be deleted' }]));
    expect(titles()).toEqual(['Tote bag']);
  });

  it('shows the empty state once the last product is deleted', async () => {
    productsApi([tote]);
    const { user } = await renderMyProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Tote bag' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'You have not uploaded any product yet.' })).toBeTruthy();
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Product deleted' }]));
  });
});

const STATEMENT = 'The photos show a counterfeit of a registered trademark.\nSee the rightholder notice of 3 March.';
const hiddenBy = (appeal: ModerationNotice['appeal'] = null): ModerationNotice => ({ statement: STATEMENT, hidden_at: '2025-03-12T10:00:00Z', appeal, automated: false });
const hiddenCap = anOwnProduct({ id: 2, slug: 'old-cap', title: 'Old cap', hidden: 1, moderation: hiddenBy() });
const APPEAL_CALL = 'POST /products/2/appeal';
const appealText = 'It is an original: the receipt is in the photos.';

/** The products as listed, and the answer to an appeal. */
function moderationApi(products: OwnProduct[], onAppeal: () => Reply | Promise<Reply> = () => ({ status: 201, data: { message: 'Appeal received' } })) {
  return fakeApi((request) => (request.method === 'post' ? onAppeal() : results(products)));
}

const noticeOf = async (title: string) => {
  const card = (await screen.findByRole('heading', { name: title })).closest('[data-account-card]') as HTMLElement;
  return within(card).getByTestId('moderation-notice');
};
const appealDialog = () => screen.getByRole('dialog', { name: 'Appeal the decision' });

describe('MyProductsPage moderation', () => {
  it('shows a product a moderator hid with the date and the statement of reasons, and no notice on the others', async () => {
    moderationApi([tote, hiddenCap]);
    await renderMyProducts();
    const notice = await noticeOf('Old cap');
    expect(notice.textContent).toContain('Hidden by a moderator on March 12, 2025');
    expect(within(notice).getByText(/^The photos show a counterfeit/).tagName).toBe('BLOCKQUOTE');
    expect(within(notice).getByText(/^The photos show a counterfeit/).textContent).toBe(STATEMENT);
    expect(within(notice).getByRole('button', { name: 'Appeal the decision about Old cap' }).textContent).toBe('Appeal');
    expect(screen.getAllByTestId('moderation-notice')).toHaveLength(1);
    // Between the card and its actions, and no heading of its own in the page's outline.
    expect(outline()).toEqual(['h1 My products', 'h2 List of your products', 'h3 Tote bag', 'h3 Old cap']);
  });

  it('says a product removed for illegal content was removed, and that only its uploader and moderators still see it', async () => {
    moderationApi([anOwnProduct({ id: 3, slug: 'fake-bag', title: 'Fake bag', hidden: 1, moderation: { ...hiddenBy(), withdrawn: true } })]);
    await renderMyProducts();
    const notice = await noticeOf('Fake bag');
    expect(notice.textContent).toContain('Removed for illegal content by a moderator on March 12, 2025');
    expect(notice.textContent).toContain('Its page, picture and reviews are withdrawn for everyone but you and the moderators.');
    expect(within(notice).getByRole('button', { name: 'Appeal the decision about Fake bag' })).toBeTruthy();
  });

  it('appeals once: the text, within its limits, goes to the API and the status takes the button\'s place', async () => {
    const answer = deferred<Reply>();
    const api = moderationApi([hiddenCap], () => answer.promise);
    const { user } = await renderMyProducts();
    await user.click(within(await noticeOf('Old cap')).getByRole('button', { name: 'Appeal the decision about Old cap' }));

    const text = within(appealDialog()).getByRole('textbox', { name: 'Your appeal' }) as HTMLTextAreaElement;
    expect(text.maxLength).toBe(APPEAL_MAX_LENGTH);
    expect(text.minLength).toBe(APPEAL_MIN_LENGTH);
    expect(descriptionOf(text)).toBe(
      `Between ${APPEAL_MIN_LENGTH} and ${APPEAL_MAX_LENGTH} characters. You can appeal only once. 0 / ${APPEAL_MAX_LENGTH} characters`,
    );
    await user.type(text, 'Too short');
    await user.click(within(appealDialog()).getByRole('button', { name: 'Send appeal' }));
    expect(descriptionOf(text)).toContain(`Write at least ${APPEAL_MIN_LENGTH} characters.`);
    expect(text.getAttribute('aria-invalid')).toBe('true');
    await settle();
    expect(api.requests.map(describeRequest)).toEqual(['GET /auth/products']);

    await user.clear(text);
    await user.type(text, appealText);
    expect(descriptionOf(text)).toContain(`${appealText.length} / ${APPEAL_MAX_LENGTH} characters`);
    await user.click(within(appealDialog()).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /auth/products', APPEAL_CALL]));
    expect(JSON.parse(String(api.requests[1]?.data))).toEqual({ text: appealText });
    expect(within(appealDialog()).getByRole('button', { name: 'Send appeal' }).getAttribute('aria-busy')).toBe('true');

    answer.resolve({ status: 201, data: { message: 'Appeal received' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts()).toEqual([{ kind: 'success', message: 'Your appeal has been sent.' }]);
    const notice = await noticeOf('Old cap');
    expect(notice.textContent).toMatch(/Appeal sent on .+: a moderator will look at the decision again\./);
    expect(within(notice).queryByRole('button', { name: /Appeal/ })).toBeNull();
  });

  it('shows the appeal when the page is opened again: the list is asked again once it stands', async () => {
    let appealed = false;
    const api = fakeApi((request) => {
      if (request.method !== 'post') return results([appealed ? { ...hiddenCap, moderation: hiddenBy({ status: 'open', created_at: '2025-03-14T09:00:00Z' }) } : hiddenCap]);
      appealed = true;
      return { status: 201, data: { message: 'Appeal received' } };
    });
    const first = await renderMyProducts();
    await first.user.click(within(await noticeOf('Old cap')).getByRole('button', { name: 'Appeal the decision about Old cap' }));
    await first.user.type(within(appealDialog()).getByRole('textbox', { name: 'Your appeal' }), appealText);
    await first.user.click(within(appealDialog()).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /auth/products', APPEAL_CALL, 'GET /auth/products']));
    await settle();
    first.unmount();

    await renderMyProducts();
    expect((await noticeOf('Old cap')).textContent).toContain('Appeal sent on March 14, 2025');
    expect(within(await noticeOf('Old cap')).queryByRole('button', { name: /Appeal/ })).toBeNull();
  });

  it('shows the API\'s refusal of the text beside it and keeps the dialog open', async () => {
    moderationApi([hiddenCap], () => ({ status: 422, data: { message: 'Invalid', errors: { text: ['Say why the decision is wrong.'] } } }));
    const { user } = await renderMyProducts();
    await user.click(within(await noticeOf('Old cap')).getByRole('button', { name: 'Appeal the decision about Old cap' }));
    const text = within(appealDialog()).getByRole('textbox', { name: 'Your appeal' });
    await user.type(text, appealText);
    await user.click(within(appealDialog()).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'Say why the decision is wrong.' }]));
    expect(descriptionOf(text)).toContain('Say why the decision is wrong.');
    expect(appealDialog()).toBeTruthy();
  });

  it('treats an appeal the API already has (409) as sent', async () => {
    moderationApi([hiddenCap], () => ({ status: 409, data: { message: 'You have already appealed this decision.' } }));
    const { user } = await renderMyProducts();
    await user.click(within(await noticeOf('Old cap')).getByRole('button', { name: 'Appeal the decision about Old cap' }));
    await user.type(within(appealDialog()).getByRole('textbox', { name: 'Your appeal' }), appealText);
    await user.click(within(appealDialog()).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts()).toEqual([{ kind: 'info', message: 'You have already appealed this decision.' }]);
    expect((await noticeOf('Old cap')).textContent).toContain('Appeal sent: a moderator will look at the decision again.');
  });

  it('says where an earlier appeal stands, and offers no second one', async () => {
    const at = '2025-03-14T09:00:00Z';
    moderationApi([
      anOwnProduct({ id: 4, slug: 'a', title: 'Open one', hidden: 1, moderation: hiddenBy({ status: 'open', created_at: at }) }),
      anOwnProduct({ id: 5, slug: 'b', title: 'Upheld one', hidden: 1, moderation: hiddenBy({ status: 'upheld', created_at: at }) }),
      anOwnProduct({ id: 6, slug: 'c', title: 'Reversed one', hidden: 0, moderation: hiddenBy({ status: 'reversed', created_at: at }) }),
    ]);
    await renderMyProducts();
    expect((await noticeOf('Open one')).textContent).toContain('Appeal sent on March 14, 2025: a moderator will look at the decision again.');
    expect((await noticeOf('Upheld one')).textContent).toContain('Your appeal was reviewed: the decision stands.');
    expect((await noticeOf('Reversed one')).textContent).toContain('Your appeal was accepted: the product is visible again.');
    expect(screen.queryByRole('button', { name: /^Appeal the decision/ })).toBeNull();
  });

  it('says a product the link checker hid comes back once its links work, points to Edit and offers no appeal', async () => {
    const automated: ModerationNotice = {
      statement: 'link no longer works (checked automatically)',
      hidden_at: '2025-03-12T10:00:00Z',
      appeal: null,
      automated: true,
    };
    moderationApi([tote, anOwnProduct({ id: 7, slug: 'dead-links', title: 'Dead links', hidden: 1, link_state: 'gone', moderation: automated })]);
    await renderMyProducts();
    const notice = await noticeOf('Dead links');
    expect(notice.textContent).toBe(
      "Hidden automatically: the link no longer works (checked automatically).Edit the product's links; it comes back by itself once a link works again.",
    );
    expect(notice.classList.contains('automated')).toBe(true);
    expect(within(notice).queryByRole('button')).toBeNull();
    expect(notice.textContent).not.toContain('moderator');
    const card = notice.closest('[data-account-card]') as HTMLElement;
    expect(within(card).queryByRole('button', { name: /Appeal/ })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Edit Dead links' }).getAttribute('href')).toBe('/en/product/edit/dead-links');
    // The notice sits between the card and its actions, so Edit comes right after it.
    expect(notice.compareDocumentPosition(within(card).getByRole('link', { name: 'Edit Dead links' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says it in the page’s language', async () => {
    const automated: ModerationNotice = { statement: 'link no longer works (checked automatically)', hidden_at: '2025-03-12T10:00:00Z', appeal: null, automated: true };
    moderationApi([anOwnProduct({ id: 7, slug: 'dead-links', title: 'Dead links', hidden: 1, moderation: automated })]);
    await renderMyProducts();
    await noticeOf('Dead links');
    await i18n.changeLanguage('es');
    try {
      await waitFor(async () =>
        expect((await noticeOf('Dead links')).textContent).toContain('Ocultado automáticamente: el enlace ya no funciona (comprobado automáticamente).'),
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('gives the focus back to "Appeal" when the dialog is cancelled', async () => {
    moderationApi([hiddenCap]);
    const { user } = await renderMyProducts();
    const opener = within(await noticeOf('Old cap')).getByRole('button', { name: 'Appeal the decision about Old cap' });
    await user.click(opener);
    await user.click(within(appealDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('asks an unverified uploader to check the inbox, above the list', async () => {
    sessionStore.setState({ status: 'authenticated', user: anOwnUser({ verified: false, email: 'ana@example.com' }) });
    moderationApi([tote]);
    await renderMyProducts();
    const notice = await screen.findByTestId('verify-notice');
    expect(notice.textContent).toContain('Check your inbox to verify ana@example.com.');
    expect(notice.compareDocumentPosition(await screen.findByRole('list', { name: 'My products' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
