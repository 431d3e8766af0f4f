import type { Category } from '@linkhunt/contracts/category';
import type { DuplicateProduct, OwnProduct } from '@linkhunt/contracts/product';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toastStore } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aBrand, anOwnUser, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../test/account-test-kit.ts';
import { descriptionOf, entriesOf, type FakeRequest, formDataOf } from '../../../test/form-helpers.ts';
import { pngFile } from '@linkhunt/shared-ui/test/image-files.ts';
import { stubObjectUrls } from '@linkhunt/shared-ui/test/object-urls.ts';
import { renderAccount } from '../../../test/render-account.tsx';
import { PASTE_SETTLE_MS } from './AgentLinkField.tsx';
import ProductFormPage from './ProductFormPage.tsx';

/**
 * The agent link field takes a link of any agent or marketplace and says what the API understood of it once it
 * is pasted or left; an upload whose item is already listed shows that product, keeping the form as it was.
 */
const footwear: Category = { id: 8, slug: 'calzado', name: 'Calzado' };
const mine: OwnProduct = {
  ...aProduct({ categories: [footwear] }),
  link_hacoo: 'https://www.hacoo.com/item/1',
  link_dhgate: null,
  link_cnfans: 'https://cnfans.com/product?id=7233464590&platform=WEIDIAN',
  photos: [{ id: 1, image: 'products/retro-runner.webp', thumbnail: 'products/retro-runner-thumb.webp', alt: '', qc: false }],
};

const WEIDIAN = 'https://weidian.com/item.html?itemID=7233464590';
const SHORT = 'https://k.youshop10.com/AbCdEf';
const LABEL = 'Agent or marketplace link (optional)';
const HINT = 'A link from any buying agent or marketplace: CNFans, Kakobuy, Weidian, Taobao… Each visitor opens it in their own agent.';
const SUMMARY = 'Weidian item 7233464590: opens in each visitor’s agent';

const understood = (summary = SUMMARY, shortLink = false): Reply =>
  results({
    source_item: { marketplace: 'weidian', id: '7233464590' },
    from: 'marketplace',
    short_link: shortLink,
    marketplace_link: WEIDIAN,
    summary,
  });
const refused = (message: string): Reply => ({ status: 422, data: { message, code: 'agent_link.unsupported' } });

const EXISTING: DuplicateProduct['existing'] = {
  id: 41,
  slug: 'weidian-hoodie',
  title: 'Weidian hoodie',
  thumbnail: 'products/weidian-hoodie-thumb.webp',
  username: 'lucia.finds',
  field: 'link_cnfans',
};
const duplicate = (existing: Partial<DuplicateProduct['existing']> = {}): Reply => ({
  status: 409,
  data: { message: 'This item is already on Linkhunt.', code: 'product.duplicate', existing: { ...EXISTING, ...existing } },
});

interface ApiOptions {
  /** Answers POST /agent-links/understand. */
  understand?: (request: FakeRequest) => Reply | Promise<Reply>;
  /** Answers the upload or the edit. */
  save?: (request: FakeRequest) => Reply | Promise<Reply>;
}

function serveApi({ understand = () => understood(), save = () => results({ ...mine, id: 99, slug: 'neon-cap' }) }: ApiOptions = {}) {
  return fakeApi((request) => {
    const url = request.url ?? '';
    if (request.method === 'get' && url === '/brands') return results([aBrand()]);
    if (request.method === 'get' && url === '/categories') return results([footwear]);
    if (request.method === 'get' && url.startsWith('/auth/products?')) {
      return { data: { results: { data: [mine], meta: { pagination: { total: 1, count: 1, per_page: 50, current_page: 1, total_pages: 1 } } } } };
    }
    if (request.method === 'post' && url === '/agent-links/understand') return understand(request);
    if (request.method === 'post' && (url === '/products' || url === '/products/update')) return save(request);
    return { status: 404, data: { message: 'No route' } };
  });
}

/** The links the API was asked to understand, in order. */
const asked = (api: { requests: FakeRequest[] }) =>
  api.requests.filter((request) => request.url === '/agent-links/understand').map((request) => (JSON.parse(String(request.data)) as { url: string }).url);
const saves = (api: { requests: FakeRequest[] }) => api.requests.filter((request) => request.url === '/products' || request.url === '/products/update');

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

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const agentField = () => field(LABEL);
/** The agent link's live region: what the API understood, or why not, as it comes. */
const verdict = () => {
  const region = agentField().closest('.field')?.querySelector('[role="status"]');
  if (!(region instanceof HTMLElement)) throw new Error('the agent link field has no status region');
  return region;
};

async function pasteLink(user: UserEvent, link: string) {
  await user.click(agentField());
  await user.paste(link);
}

/** Everything a new product needs but the agent link, which each test types its own way. */
async function fillIn(user: UserEvent, photo: File = pngFile('hoodie.png')) {
  await user.type(field('Title'), 'Hoodie');
  await user.type(field('Description'), 'Heavy cotton');
  await user.type(field('Hacoo link'), 'https://www.hacoo.com/item/5');
  await user.click(screen.getByRole('checkbox', { name: 'Footwear' }));
  await user.upload(screen.getByLabelText<HTMLInputElement>(/^(Choose photos|Add photos)/), photo);
  await screen.findByRole('img', { name: 'Photo 1' });
}

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  sessionStore.setState({ status: 'authenticated', user: anOwnUser(), check: vi.fn(() => Promise.resolve()) });
  toastStore.setState({ toasts: [] });
  urls = stubObjectUrls();
});
afterEach(async () => {
  urls.restore();
  restoreApi();
  localStorage.clear();
  toastStore.setState({ toasts: [] });
  sessionStore.setState({ status: 'unauthenticated', user: null });
  await i18n.changeLanguage('en');
});

describe('ProductForm: the agent link', { timeout: 20_000 }, () => {
  it('takes a link of any agent or marketplace, and says so', async () => {
    serveApi();
    await renderForm();
    expect(agentField().name).toBe('link_cnfans');
    expect(agentField().maxLength).toBe(2000);
    expect(descriptionOf(agentField())).toBe(HINT);
    expect(agentField().hasAttribute('aria-invalid')).toBe(false);
  });

  it('is labelled in the page’s language', async () => {
    serveApi();
    await renderForm('/es/product/new');
    await act(() => i18n.changeLanguage('es'));
    const input = await screen.findByLabelText<HTMLInputElement>('Enlace de agente o marketplace (opcional)');
    expect(input.name).toBe('link_cnfans');
    expect(descriptionOf(input)).toBe('Un enlace de cualquier agente de compra o marketplace: CNFans, Kakobuy, Weidian, Taobao… Cada visitante lo abre en su propio agente.');
  });

  it('says what a pasted Weidian link is, once it has settled, with its marketplace page; busy until then', async () => {
    const answer = deferred<Reply>();
    const api = serveApi({ understand: () => answer.promise });
    const { user } = await renderForm();
    await pasteLink(user, WEIDIAN);

    // A paste is checked only once the field has stayed as it is for a moment.
    expect(asked(api)).toEqual([]);
    await vi.waitFor(() => expect(asked(api)).toEqual([WEIDIAN]));
    expect(verdict().getAttribute('aria-busy')).toBe('true');
    expect(verdict().textContent).toBe('Checking the link…');

    answer.resolve(understood());
    await vi.waitFor(() => expect(verdict().textContent).toContain(SUMMARY));
    expect(verdict().hasAttribute('aria-busy')).toBe(false);
    const page = within(verdict()).getByRole<HTMLAnchorElement>('link', { name: 'See it on Weidian (opens in a new tab)' });
    expect(page.href).toBe(WEIDIAN);
    expect(page.target).toBe('_blank');
    expect(page.rel).toBe('noopener noreferrer');
    // Read with the field, and the field is still what was pasted.
    expect(descriptionOf(agentField())).toBe(`${HINT} ${SUMMARY} See it on Weidian (opens in a new tab)`);
    expect(agentField().value).toBe(WEIDIAN);
    expect(agentField().hasAttribute('aria-invalid')).toBe(false);
    // Leaving the field asks nothing more: the link was checked.
    await user.tab();
    await settle();
    expect(asked(api)).toEqual([WEIDIAN]);
  });

  it('asks nothing while the link is typed, and once when the field is left', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await user.type(agentField(), WEIDIAN);
    await new Promise((done) => setTimeout(done, PASTE_SETTLE_MS * 2));
    expect(asked(api)).toEqual([]);
    expect(verdict().textContent).toBe('');

    await user.tab();
    await vi.waitFor(() => expect(verdict().textContent).toContain(SUMMARY));
    expect(asked(api)).toEqual([WEIDIAN]);
  });

  it('asks once for a paste fixed at once, about the text as fixed', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await pasteLink(user, `${WEIDIAN}#`);
    await user.keyboard('{Backspace}');
    await vi.waitFor(() => expect(asked(api)).toEqual([WEIDIAN]));
    await new Promise((done) => setTimeout(done, PASTE_SETTLE_MS * 2));
    expect(asked(api)).toEqual([WEIDIAN]);
  });

  it('asks nothing about an empty field', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await user.click(agentField());
    await user.type(agentField(), '   ');
    await user.tab();
    await settle();
    expect(asked(api)).toEqual([]);
  });

  it('shows a refusal as the field’s error, announced, keeping what was typed', async () => {
    const message = 'This link is from a site Linkhunt does not read: paste the item’s link from an agent or from Weidian, Taobao or 1688.';
    serveApi({ understand: () => refused(message) });
    const { user } = await renderForm();
    await pasteLink(user, 'https://example.com/item/1');

    await vi.waitFor(() => expect(verdict().textContent).toBe(message));
    expect(agentField().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(agentField())).toBe(`${HINT} ${message}`);
    expect(agentField().value).toBe('https://example.com/item/1');
    // Its own words, not a toast: the field's live region is the announcement.
    expect(toasts()).toEqual([]);
  });

  it('shows the first of a refusal’s field messages, and its own words when it has none', async () => {
    let answer: Reply = { status: 422, data: { message: 'The given data was invalid.', code: 'validation', errors: { url: ['The link may have at most 2000 characters.'] } } };
    serveApi({ understand: () => answer });
    const { user } = await renderForm();
    await pasteLink(user, 'https://example.com/1');
    await vi.waitFor(() => expect(verdict().textContent).toBe('The link may have at most 2000 characters.'));

    answer = { status: 422, data: null };
    await user.clear(agentField());
    await user.paste('https://example.com/2');
    await vi.waitFor(() => expect(verdict().textContent).toBe('This link does not lead to an item of a buying agent or marketplace.'));
  });

  it('drops the verdict once the text changes, and checks the new text when the field is left', async () => {
    const api = serveApi({ understand: (request) => (String(request.data).includes('example') ? refused('Not an item.') : understood()) });
    const { user } = await renderForm();
    await pasteLink(user, 'https://example.com/1');
    await vi.waitFor(() => expect(agentField().getAttribute('aria-invalid')).toBe('true'));

    await user.clear(agentField());
    await user.type(agentField(), WEIDIAN);
    expect(agentField().hasAttribute('aria-invalid')).toBe(false);
    expect(verdict().textContent).toBe('');
    await user.tab();
    await vi.waitFor(() => expect(verdict().textContent).toContain(SUMMARY));
    expect(asked(api)).toEqual(['https://example.com/1', WEIDIAN]);
  });

  it('is busy while a short link is followed, then says what it leads to', async () => {
    const answer = deferred<Reply>();
    serveApi({ understand: () => answer.promise });
    const { user } = await renderForm();
    await pasteLink(user, SHORT);
    await vi.waitFor(() => expect(verdict().textContent).toBe('Checking the link…'));
    expect(verdict().getAttribute('aria-busy')).toBe('true');

    answer.resolve(understood('Short link to Weidian item 7233464590: opens in each visitor’s agent', true));
    await vi.waitFor(() => expect(verdict().textContent).toContain('Short link to Weidian item 7233464590'));
    expect(agentField().value).toBe(SHORT);
  });

  it('says when the link could not be checked, and checks it again when the field is left again', async () => {
    let answer: Reply = { status: 503, data: { message: 'Unavailable' } };
    const api = serveApi({ understand: () => answer });
    const { user } = await renderForm();
    await pasteLink(user, WEIDIAN);
    await vi.waitFor(() => expect(verdict().textContent).toBe('The link could not be checked just now. It will be checked when you send the form.'));
    expect(agentField().hasAttribute('aria-invalid')).toBe(false);

    answer = understood();
    await user.tab();
    await vi.waitFor(() => expect(verdict().textContent).toContain(SUMMARY));
    expect(asked(api)).toEqual([WEIDIAN, WEIDIAN]);
  });

  it('shows the upload’s refusal of the link in place of the check’s verdict', async () => {
    serveApi({
      understand: () => refused('Not an item.'),
      save: () => ({ status: 422, data: { message: 'Invalid.', errors: { link_cnfans: ['The link does not name an item.'] } } }),
    });
    const { user } = await renderForm();
    await fillIn(user);
    await pasteLink(user, 'https://example.com/1');
    await vi.waitFor(() => expect(verdict().textContent).toBe('Not an item.'));
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    await vi.waitFor(() => expect(descriptionOf(agentField())).toBe(`${HINT} The link does not name an item.`));
    expect(screen.queryByText('Not an item.')).toBeNull();
    expect(document.activeElement).toBe(agentField());
  });

  it('sends the link as typed', async () => {
    const api = serveApi();
    const { user } = await renderForm();
    await fillIn(user);
    await pasteLink(user, `  ${WEIDIAN}  `);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await screen.findByRole('main', { name: 'Product page' });
    expect(entriesOf(formDataOf(saves(api)[0])).link_cnfans).toEqual([WEIDIAN]);
  });
});

describe('ProductForm: an item already listed', { timeout: 20_000 }, () => {
  it('keeps everything, photo included, marks the agent link and shows the product listed, which it opens', async () => {
    const api = serveApi({ save: () => duplicate() });
    const { user } = await renderForm();
    const photo = pngFile('hoodie.png');
    await fillIn(user, photo);
    await pasteLink(user, WEIDIAN);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));

    const card = await screen.findByRole('alert');
    // Under the field it blames, which takes the focus, marked invalid and described by the API's message.
    expect(agentField().closest('.field')?.contains(card)).toBe(true);
    expect(document.activeElement).toBe(agentField());
    expect(agentField().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(agentField())).toContain('This item is already on Linkhunt.');
    expect(card.textContent).toBe('Weidian hoodieAlready listed by @lucia.finds');
    const link = within(card).getByRole<HTMLAnchorElement>('link', { name: 'Weidian hoodie' });
    expect(link.getAttribute('href')).toBe('/en/product/weidian-hoodie');
    expect(within(link).getByRole('presentation').getAttribute('src')).toBe(imageUrl('products/weidian-hoodie-thumb.webp'));
    // The card is the announcement: no toast says it again.
    expect(toasts()).toEqual([]);

    // Nothing typed or chosen is lost, and the same form can go again.
    expect(field('Title').value).toBe('Hoodie');
    expect(field('Hacoo link').value).toBe('https://www.hacoo.com/item/5');
    expect(agentField().value).toBe(WEIDIAN);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Footwear' }).checked).toBe(true);
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Upload product' }).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Upload product' }));
    await vi.waitFor(() => expect(saves(api)).toHaveLength(2));
    expect(formDataOf(saves(api)[1]).getAll('photos')).toEqual([photo]);

    await user.click(within(await screen.findByRole('alert')).getByRole('link', { name: 'Weidian hoodie' }));
    expect(screen.getByRole('main', { name: 'Product page' }).textContent).toBe('/en/product/weidian-hoodie');
  });

  it('shows the product under the Hacoo link when that is what matched, and takes it away once sent again', async () => {
    let answer = duplicate({ field: 'link_hacoo', username: 'marta' });
    serveApi({ save: () => answer });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const card = await screen.findByRole('alert');
    expect(field('Hacoo link').closest('.field')?.contains(card)).toBe(true);
    expect(document.activeElement).toBe(field('Hacoo link'));
    expect(field('Hacoo link').getAttribute('aria-invalid')).toBe('true');
    expect(agentField().hasAttribute('aria-invalid')).toBe(false);
    expect(card.textContent).toContain('Already listed by @marta');

    answer = { status: 500, data: { message: 'The product could not be saved.' } };
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('The product could not be saved.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Hacoo link').hasAttribute('aria-invalid')).toBe(false);
  });

  it('opens the product listed in the page’s language', async () => {
    serveApi({ save: () => duplicate({ field: 'link_dhgate' }) });
    const { user } = await renderForm('/de/product/edit/retro-runner');
    await act(() => i18n.changeLanguage('de'));
    await user.click(await screen.findByRole('button', { name: 'Änderungen speichern' }));
    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('link', { name: 'Weidian hoodie' }).getAttribute('href')).toBe('/de/product/weidian-hoodie');
    expect(card.textContent).toContain('Bereits eingestellt von @lucia.finds');
  });

  it('treats any other 409 as a failure like the rest', async () => {
    serveApi({ save: () => ({ status: 409, data: { message: 'Conflict.' } }) });
    const { user } = await renderForm('/en/product/edit/retro-runner');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Conflict.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toasts()).toEqual([{ kind: 'error', message: 'Conflict.' }]);
  });
});
