import { LINK_CHECK_REASONS } from '@linkhunt/contracts/link-health';
import type { QueueItem } from '@linkhunt/contracts/moderation';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import type { ApiRequest } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { deferred, fakeApi, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { seedAnswer } from '@linkhunt/shared-ui/test/seed-cache.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { apiQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aLinkCheck, aQueueItem, bodyOf, describeRequest, moderator, page, resetAdminState, signIn, toasts } from '../../../test/admin-kit.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';
import ReportsPage from './ReportsPage.tsx';

const retro = aQueueItem();
const hiddenWithAppeal = aQueueItem({
  product: aProduct({ id: 12, slug: 'cap', title: 'Logo cap', hidden: 1 }),
  open_reports: 0,
  reason_counts: [],
  reports: [],
  appeal: {
    id: 5,
    text: 'It is my own design, here is the proof.',
    created_at: '2024-06-05T08:00:00Z',
    statement: 'The logo copies a registered trademark of another brand.',
  },
});

/**
 * The queue on GET, as the server holds it after the decisions it accepted (the page is read again after each),
 * and each action's answer: the product as lists show it now.
 */
function serveQueue(items: QueueItem[], act: (request: ApiRequest) => Reply | Promise<Reply> = () => ({ status: 404 })) {
  let queue = items;
  return fakeApi(async (request) => {
    if (request.method === 'get' && request.url.startsWith('/admin/reports')) return page(queue, { total: queue.length });
    const reply = await act(request);
    if ((reply.status ?? 200) < 300) queue = decided(queue, request.url);
    return reply;
  });
}

/** Hidden, dismissed or its appeal decided, a product leaves the queue; unhidden, it stays for its open reports. */
function decided(queue: QueueItem[], url: string): QueueItem[] {
  const [, , kind, id, action] = url.split('/');
  const target = (item: QueueItem) => (kind === 'appeals' ? item.appeal?.id : item.product.id) === Number(id);
  if (action === 'unhide') return queue.map((item) => (target(item) ? { ...item, product: { ...item.product, hidden: 0 } } : item));
  return queue.filter((item) => !target(item));
}

const productAnswer = (hidden: 0 | 1, id = 11): Reply => ({ data: { message: 'done', results: { data: aProduct({ id, slug: 'retro-runner', title: 'Retro Runner sneakers', hidden }) } } });
const card = (title: string) => screen.getByRole('article', { name: title });
const lastPost = (requests: ApiRequest[]) => requests.filter((request) => request.method === 'post').at(-1);
const queueRequests = (requests: ApiRequest[]) => requests.filter((request) => request.method === 'get').map((request) => request.url);

beforeEach(() => signIn(moderator()));
afterEach(resetAdminState);

describe('ReportsPage', () => {
  it('shows each product with its preview, uploader, reason counts, the reports’ details and an open appeal', async () => {
    serveQueue([retro, hiddenWithAppeal]);
    await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });

    expect(await screen.findByRole('heading', { level: 2, name: '2 products to review' })).toBeTruthy();
    const first = card('Retro Runner sneakers');
    expect(within(first).getByRole('link', { name: 'Retro Runner sneakers' }).getAttribute('href')).toBe('/en/product/retro-runner');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('http://api.test/images/products/retro-runner-thumb.webp');
    expect(within(first).getByRole('link', { name: 'Ana Pérez @ana_hunts' }).getAttribute('href')).toBe('/en/user/ana_hunts');
    expect(within(first).getByText(/3 open reports/)).toBeTruthy();
    const chips = within(within(first).getByRole('list', { name: 'Reports by reason' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Illegal content 1', 'Broken link 2']);
    const reports = within(within(first).getByRole('list', { name: 'Latest reports' })).getAllByRole('listitem');
    expect(reports[0]?.textContent).toContain('reported by a visitor');
    expect(reports[0]?.textContent).toContain('Counterfeit of a registered trademark.');
    expect(reports[0]?.textContent).toContain('Contact: visitor@example.com');
    expect(reports[1]?.textContent).toContain('reported by @lucia.finds');
    expect(reports[1]?.textContent).toContain('No details given.');
    expect(within(first).getByRole('button', { name: 'Hide “Retro Runner sneakers”' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Dismiss reports on “Retro Runner sneakers”' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /Unhide/ })).toBeNull();

    const second = card('Logo cap');
    expect(within(second).getByText('Hidden')).toBeTruthy();
    const appeal = within(second).getByRole('region', { name: 'Open appeal' });
    expect(appeal.textContent).toContain('The logo copies a registered trademark of another brand.');
    expect(appeal.textContent).toContain('It is my own design, here is the proof.');
    expect(within(second).getByRole('button', { name: 'Unhide “Logo cap”' })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: /Hide “/ })).toBeNull();
    expect(within(second).queryByRole('button', { name: /Dismiss/ })).toBeNull();
  });

  it('disables every decision on the moderator\'s own product, saying another moderator or an admin decides', async () => {
    const mine = { id: 1, name: 'Mia Mod', username: 'mia_mod', avatar: null, created_at: '2024-02-01T10:00:00Z' };
    const api = serveQueue([aQueueItem({ uploader: mine }), { ...hiddenWithAppeal, uploader: mine }]);
    await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    await screen.findByRole('heading', { level: 2, name: '2 products to review' });
    const buttons = [
      within(card('Retro Runner sneakers')).getByRole('button', { name: 'Hide “Retro Runner sneakers”' }),
      within(card('Retro Runner sneakers')).getByRole('button', { name: 'Dismiss reports on “Retro Runner sneakers”' }),
      within(card('Logo cap')).getByRole('button', { name: 'Unhide “Logo cap”' }),
      within(card('Logo cap')).getByRole('button', { name: 'Uphold the decision on “Logo cap”' }),
      within(card('Logo cap')).getByRole('button', { name: 'Reverse the decision on “Logo cap”' }),
    ];
    for (const button of buttons) {
      expect((button as HTMLButtonElement).disabled, button.getAttribute('aria-label') ?? '').toBe(true);
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent)
        .toBe('This is your own product: another moderator or an admin decides.');
    }
    expect(api.requests.filter((request) => request.method === 'post')).toEqual([]);
  });

  it('marks a product title written in another language than the console\'s with its language', async () => {
    serveQueue([aQueueItem({ product: aProduct({ id: 12, slug: 'gorra', title: 'Gorra con logo', language: 'es' }) }), retro]);
    await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    await screen.findByRole('heading', { level: 2, name: '2 products to review' });
    expect(within(card('Gorra con logo')).getByRole('heading', { level: 3 }).getAttribute('lang')).toBe('es');
    expect(within(card('Retro Runner sneakers')).getByRole('heading', { level: 3 }).hasAttribute('lang')).toBe(false);
  });

  it('will not hide without a statement of reasons, then posts it, takes the product out and says so', async () => {
    const answer = deferred<Reply>();
    const api = serveQueue([retro, hiddenWithAppeal], () => answer.promise);
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    const hide = await screen.findByRole('button', { name: 'Hide “Retro Runner sneakers”' });
    await user.click(hide);

    const dialog = screen.getByRole('dialog', { name: 'Hide “Retro Runner sneakers”' });
    const statement = within(dialog).getByRole('textbox', { name: 'Statement of reasons' });
    await user.type(statement, 'Fake');
    await user.click(within(dialog).getByRole('button', { name: 'Hide product' }));
    expect(within(dialog).getByText('Write at least 20 characters (so far 4).')).toBeTruthy();
    expect(statement.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(statement);
    expect(api.requests.filter((request) => request.method === 'post')).toEqual([]);

    await user.type(statement, ': a counterfeit of a registered trademark.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide product' }));
    await waitFor(() => expect(api.requests.map(describeRequest)).toContain('POST /admin/products/11/hide'));
    // It has an illegal-content notice: removed for illegal content unless the moderator says otherwise.
    expect(bodyOf(lastPost(api.requests))).toEqual({ statement: 'Fake: a counterfeit of a registered trademark.', illegal: true });

    answer.resolve(productAnswer(1));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Retro Runner sneakers' })).toBeNull());
    expect(toasts()).toEqual([{ kind: 'success', message: '“Retro Runner sneakers” is hidden and the uploader has been told why.' }]);
    expect(screen.getByRole('heading', { level: 2, name: '1 product to review' })).toBeTruthy();
    // The focus goes to the card that took its place.
    await waitFor(() => expect(document.activeElement).toBe(card('Logo cap')));
  });

  it('asks whether the product is removed for illegal content: ticked when it has an illegal notice, and sent as chosen', async () => {
    const brokenOnly = aQueueItem({ product: aProduct({ id: 13, slug: 'bag', title: 'Canvas bag' }), reason_counts: [{ reason: 'broken_link', count: 1 }] });
    const api = serveQueue([retro, brokenOnly], (request) => productAnswer(1, request.url.includes('/13/') ? 13 : 11));
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    const illegalBox = () => within(screen.getByRole('dialog')).getByRole<HTMLInputElement>('checkbox', { name: /Removed for illegal content/ });

    await user.click(await screen.findByRole('button', { name: 'Hide “Canvas bag”' }));
    expect(illegalBox().checked).toBe(false);
    await user.click(illegalBox());
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox'), 'A counterfeit sold as an original bag.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Hide product' }));
    await waitFor(() => expect(api.requests.map(describeRequest)).toContain('POST /admin/products/13/hide'));
    expect(bodyOf(lastPost(api.requests))).toEqual({ statement: 'A counterfeit sold as an original bag.', illegal: true });

    await user.click(await screen.findByRole('button', { name: 'Hide “Retro Runner sneakers”' }));
    expect(illegalBox().checked).toBe(true);
    await user.click(illegalBox());
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox'), 'Only its store links are gone for good.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Hide product' }));
    await waitFor(() => expect(api.requests.map(describeRequest)).toContain('POST /admin/products/11/hide'));
    expect(bodyOf(lastPost(api.requests))).toEqual({ statement: 'Only its store links are gone for good.', illegal: false });
  });

  it('keeps the statement and shows the API’s refusal under it', async () => {
    serveQueue([retro], () => ({ status: 422, data: { message: 'Invalid', errors: { statement: ['The statement may not be longer than 2000 characters.'] } } }));
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    await user.click(await screen.findByRole('button', { name: 'Hide “Retro Runner sneakers”' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'A statement that is long enough.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide product' }));

    expect(await within(dialog).findByText('The statement may not be longer than 2000 characters.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox').value).toBe('A statement that is long enough.');
    expect(card('Retro Runner sneakers')).toBeTruthy();
  });

  it('makes the public reads of a decided product stale: its page, lists and its uploader\'s page are asked again', async () => {
    serveQueue([retro], () => productAnswer(1));
    const publicReads = ['/products/slug/retro-runner?include=user', '/products/recents', '/brands/retro', '/categories/sneakers', '/users/lucia'];
    for (const path of publicReads) seedAnswer(path, { data: { results: { data: null } } });
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    await user.click(await screen.findByRole('button', { name: 'Hide “Retro Runner sneakers”' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide “Retro Runner sneakers”' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Statement of reasons' }), 'A counterfeit of a registered trademark.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide product' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Retro Runner sneakers' })).toBeNull());
    await waitFor(() => expect(publicReads.filter((path) => queryClient().getQueryState(apiQuery(path).queryKey)?.isInvalidated)).toEqual(publicReads));
  });

  it('dismisses the reports at once, and the product leaves the queue', async () => {
    const api = serveQueue([retro], () => productAnswer(0));
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    await user.click(await screen.findByRole('button', { name: 'Dismiss reports on “Retro Runner sneakers”' }));

    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeTruthy();
    // Once decided, the page is read again (what moved up from the next page shows).
    await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /admin/reports', 'POST /admin/products/11/dismiss', 'GET /admin/reports']));
    expect(toasts()).toEqual([{ kind: 'success', message: 'The reports on “Retro Runner sneakers” are dismissed.' }]);
  });

  it('takes a dismissed product out at once, and puts it back where it was, with the error, when the API refuses', async () => {
    const bag = aQueueItem({ product: aProduct({ id: 13, slug: 'bag', title: 'Canvas bag' }) });
    const cap = aQueueItem({ product: aProduct({ id: 12, slug: 'cap', title: 'Logo cap' }) });
    const answer = deferred<Reply>();
    let reads = 0;
    // Only the first read answers: the page the refusal leaves is the console's own doing, not a new read's.
    fakeApi((request) => (request.method === 'post' ? answer.promise : reads++ === 0 ? page([bag, retro, cap]) : new Promise<Reply>(() => undefined)));
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    const titles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    await user.click(await screen.findByRole('button', { name: 'Dismiss reports on “Retro Runner sneakers”' }));

    await waitFor(() => expect(titles()).toEqual(['Canvas bag', 'Logo cap']));
    expect(screen.getByRole('heading', { level: 2, name: '2 products to review' })).toBeTruthy();
    expect(toasts()).toEqual([]);

    answer.resolve({ status: 409, data: { message: 'Another moderator decided on this product.' } });
    await waitFor(() => expect(titles()).toEqual(['Canvas bag', 'Retro Runner sneakers', 'Logo cap']));
    expect(screen.getByRole('heading', { level: 2, name: '3 products to review' })).toBeTruthy();
    expect(toasts()).toEqual([{ kind: 'error', message: 'Another moderator decided on this product.' }]);
    expect(within(card('Retro Runner sneakers')).getByRole<HTMLButtonElement>('button', { name: 'Dismiss reports on “Retro Runner sneakers”' }).disabled).toBe(false);
  });

  it('reads the queue again only once no decision is under way: one still under way does not come back', async () => {
    const bag = aQueueItem({ product: aProduct({ id: 13, slug: 'bag', title: 'Canvas bag' }) });
    const cap = aQueueItem({ product: aProduct({ id: 12, slug: 'cap', title: 'Logo cap' }) });
    const answers = { 11: deferred<Reply>(), 13: deferred<Reply>() };
    const api = serveQueue([bag, retro, cap], (request) => (request.url.includes('/13/') ? answers[13] : answers[11]).promise);
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    const titles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    await user.click(await screen.findByRole('button', { name: 'Dismiss reports on “Retro Runner sneakers”' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss reports on “Canvas bag”' }));
    await waitFor(() => expect(titles()).toEqual(['Logo cap']));

    answers[11].resolve(productAnswer(0));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    await settle();
    expect(queueRequests(api.requests)).toEqual(['/admin/reports']);
    expect(titles()).toEqual(['Logo cap']);

    answers[13].resolve(productAnswer(0, 13));
    await waitFor(() => expect(queueRequests(api.requests)).toEqual(['/admin/reports', '/admin/reports']));
    expect(titles()).toEqual(['Logo cap']);
  });

  it('unhides a hidden product, which stays in the queue for its open reports, now visible', async () => {
    const hiddenReported = aQueueItem({ product: aProduct({ id: 11, slug: 'retro-runner', title: 'Retro Runner sneakers', hidden: 1 }) });
    const api = serveQueue([hiddenReported], () => productAnswer(0));
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    await user.click(await screen.findByRole('button', { name: 'Unhide “Retro Runner sneakers”' }));

    expect(await within(card('Retro Runner sneakers')).findByRole('button', { name: 'Hide “Retro Runner sneakers”' })).toBeTruthy();
    expect(within(card('Retro Runner sneakers')).queryByText('Hidden')).toBeNull();
    await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /admin/reports', 'POST /admin/products/11/unhide', 'GET /admin/reports']));
    expect(toasts()).toEqual([{ kind: 'success', message: '“Retro Runner sneakers” is visible again.' }]);
  });

  it('decides an appeal with a statement: reversed, the product is visible again and leaves the queue', async () => {
    const api = serveQueue([hiddenWithAppeal], () => ({ data: { message: 'Decision reversed' } }));
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    await user.click(await screen.findByRole('button', { name: 'Reverse the decision on “Logo cap”' }));
    const dialog = screen.getByRole('dialog', { name: 'Reverse the decision' });
    await user.click(within(dialog).getByRole('button', { name: 'Reverse decision' }));
    expect(within(dialog).getByText('Write at least 20 characters (so far 0).')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Statement of reasons' }), 'The design is the uploader’s own.');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse decision' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeTruthy();
    expect(lastPost(api.requests)?.url).toBe('/admin/appeals/5/decide');
    expect(bodyOf(lastPost(api.requests))).toEqual({ outcome: 'reversed', statement: 'The design is the uploader’s own.' });
    expect(toasts()).toEqual([{ kind: 'success', message: 'The decision on “Logo cap” is reversed: the product is visible again.' }]);
  });

  it('upholds an appeal as “upheld”', async () => {
    const api = serveQueue([hiddenWithAppeal], () => ({ data: { message: 'Decision upheld' } }));
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    await user.click(await screen.findByRole('button', { name: 'Uphold the decision on “Logo cap”' }));
    const dialog = screen.getByRole('dialog', { name: 'Uphold the decision' });
    await user.type(within(dialog).getByRole('textbox'), 'The logo is a registered trademark.');
    await user.click(within(dialog).getByRole('button', { name: 'Uphold decision' }));
    await waitFor(() => expect(bodyOf(lastPost(api.requests))).toEqual({ outcome: 'upheld', statement: 'The logo is a registered trademark.' }));
  });

  it('filters by reason through the address, and pages with links', async () => {
    const api = fakeApi((request) => page([retro], { total: 45, page: request.url.includes('page=2') ? 2 : 1 }));
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    await screen.findByRole('article', { name: 'Retro Runner sneakers' });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/en/admin/reports?page=2');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'Illegal content');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(queueRequests(api.requests)).toEqual(['/admin/reports', '/admin/reports?reason=illegal']));
    await user.click(await screen.findByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(queueRequests(api.requests).at(-1)).toBe('/admin/reports?reason=illegal&page=2'));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/en/admin/reports?reason=illegal');
    await settle();
  });

  describe('link checks', () => {
    const history = [
      aLinkCheck({ checked_at: '2024-06-03T08:00:00Z' }),
      aLinkCheck({ platform: 'cnfans', url: 'https://cnfans.com/product/?id=456', result: 'unknown', reason: 'timeout', http_status: null, checked_at: '2024-06-02T08:00:00Z' }),
      aLinkCheck({ result: 'ok', reason: 'product_page', http_status: 200, checked_at: '2024-06-01T08:00:00Z' }),
    ];
    const checkedBy = aQueueItem({
      link_history: history,
      reports: [
        { reason: 'broken_link', details: 'link no longer works (checked automatically)', reporter: null, contact_email: null, created_at: '2024-06-03T08:00:00Z', automated: true },
        ...aQueueItem().reports,
      ],
    });
    const table = (title = 'Retro Runner sneakers') => within(card(title)).getByRole('table');
    const rows = (title?: string) =>
      within(table(title))
        .getAllByRole('row')
        .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));

    it('shows each check newest first: when, which store, the result, its reason and the HTTP status', async () => {
      serveQueue([checkedBy]);
      await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
      await screen.findByRole('heading', { level: 2, name: '1 product to review' });

      expect(within(card('Retro Runner sneakers')).getByRole('table', { name: 'Link checks of “Retro Runner sneakers”, newest first' })).toBe(table());
      const headers = within(table()).getAllByRole('columnheader').map((header) => header.textContent);
      expect(headers).toEqual(['Checked', 'Store', 'Result', 'Reason', 'HTTP']);
      expect(rows().slice(1).map((cells) => cells.slice(1))).toEqual([
        ['Hacoo', 'Gone', 'Not found (404/410)', '404'],
        ['CNFans', 'Unclear', 'Timed out', '—No answer'],
        ['Hacoo', 'Works', 'Product page', '200'],
      ]);
      const times = within(table()).getAllByRole('row').slice(1).map((row) => row.querySelector('time')?.getAttribute('dateTime'));
      expect(times).toEqual(['2024-06-03T08:00:00Z', '2024-06-02T08:00:00Z', '2024-06-01T08:00:00Z']);
      expect(rows()[1]?.[0]).toMatch(/Jun 3, 2024/);

      // Three checks or fewer are shown at once, under their count and the latest result.
      const details = table().closest('details');
      expect(details?.open).toBe(true);
      expect(details?.querySelector('summary')?.textContent).toBe('3 link checks · latest: Gone');
    });

    it('folds a longer history under its count and latest result', async () => {
      const long = aQueueItem({ link_history: Array.from({ length: 5 }, (_, index) => aLinkCheck({ result: 'ok', reason: 'product_page', http_status: 200, checked_at: `2024-06-0${5 - index}T08:00:00Z` })) });
      serveQueue([long]);
      const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
      await screen.findByRole('heading', { level: 2, name: '1 product to review' });
      const summary = within(card('Retro Runner sneakers')).getByText('5 link checks · latest: Works');
      const details = summary.closest('details');
      expect(details?.open).toBe(false);
      await user.click(summary);
      expect(details?.open).toBe(true);
      expect(rows()).toHaveLength(6);
    });

    it('says when the checker has not looked at the links yet', async () => {
      serveQueue([aQueueItem()]);
      await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
      await screen.findByRole('heading', { level: 2, name: '1 product to review' });
      expect(within(card('Retro Runner sneakers')).getByText('The link checker has not checked these links yet.')).toBeTruthy();
      expect(within(card('Retro Runner sneakers')).queryByRole('table')).toBeNull();
    });

    it('words every reason the checker gives, in every language', async () => {
      const every = aQueueItem({ link_history: LINK_CHECK_REASONS.map((reason, index) => aLinkCheck({ reason, checked_at: `2024-06-01T${String(index).padStart(2, '0')}:00:00Z` })) });
      serveQueue([every]);
      await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
      await screen.findByRole('heading', { level: 2, name: '1 product to review' });
      const reasons = () => rows().slice(1).map((cells) => cells[3] ?? '');
      const english = reasons();
      expect(english).toHaveLength(LINK_CHECK_REASONS.length);
      expect(new Set(english).size).toBe(LINK_CHECK_REASONS.length);
      for (const text of english) expect(text).not.toMatch(/linkHistory|_/);
      try {
        for (const language of ['es', 'de', 'it', 'fr']) {
          await i18n.changeLanguage(language);
          // The queue is read again in the new language: its rows come back worded in it.
          await waitFor(() => expect(reasons()).toHaveLength(LINK_CHECK_REASONS.length));
          await waitFor(() => expect(reasons()).not.toEqual(english));
          expect(new Set(reasons()).size, language).toBe(LINK_CHECK_REASONS.length);
          for (const text of reasons()) expect(text, language).not.toMatch(/linkHistory|_/);
        }
      } finally {
        await i18n.changeLanguage('en');
      }
    });

    it('names the link checker as the reporter of the report it filed', async () => {
      serveQueue([checkedBy]);
      await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
      await screen.findByRole('heading', { level: 2, name: '1 product to review' });
      const latest = () => within(within(card('Retro Runner sneakers')).getByRole('list', { name: /^(Latest reports|Últimas denuncias)$/ })).getAllByRole('listitem');
      const reports = latest();
      expect(reports[0]?.textContent).toContain('Broken link · reported by Link checker (automatic) · ');
      expect(reports[0]?.textContent).not.toContain('visitor');
      expect(reports[1]?.textContent).toContain('reported by a visitor');
      expect(reports[2]?.textContent).toContain('reported by @lucia.finds');

      await i18n.changeLanguage('es');
      try {
        // The queue is read again in the new language (its answers are kept per language).
        await waitFor(() => expect(latest()[0]?.textContent).toContain('denunciado por Comprobador de enlaces (automático)'));
        expect(rows()[1]?.slice(2, 4)).toEqual(['Caído', 'No encontrada (404/410)']);
      } finally {
        await i18n.changeLanguage('en');
      }
    });
  });
});
