import { type DeployResponse } from '@linkhunt/contracts/platform';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { deferred, fakeApi, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, describeRequest, moderator, resetAdminState, signIn, toasts } from '../../../test/admin-kit.ts';
import { aHistoryLine, aVersion, healthAnswer, remotesAnswer, V1, V2, V3 } from '../../../test/platform-kit.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';
import PlatformPage from './PlatformPage.tsx';

type Answer = Reply | (() => Reply | Promise<Reply>);

const DEFAULTS: Record<string, Answer> = {
  'GET /_platform/remotes': { data: remotesAnswer() },
  'GET /_platform/health': { data: healthAnswer() },
  'GET /_platform/history': { data: { lines: [aHistoryLine()] } },
};

/** The shell server's platform API, by "METHOD path"; anything else is a 404 the test would show. */
function platformApi(answers: Record<string, Answer> = {}) {
  return fakeApi((request) => {
    const answer = answers[`${request.method.toUpperCase()} ${request.url.split('?')[0]}`] ?? DEFAULTS[`${request.method.toUpperCase()} ${request.url.split('?')[0]}`];
    if (!answer) return { status: 404, data: { error: 'not_found', message: request.url } };
    return typeof answer === 'function' ? answer() : answer;
  });
}

const renderPlatform = (route = '/en/admin/platform') => renderAdmin(<PlatformPage />, { route });
const card = async (remote: string) => screen.findByRole('article', { name: remote });
const deployed = (line = aHistoryLine({ id: '0000000000003-rollback', action: 'rollback', from: { entry: V2 }, to: { entry: V1 } })): Reply => ({
  data: { dryRun: false, entry: line, checks: [] } satisfies DeployResponse,
});

beforeEach(() => signIn(moderator('admin', { username: 'root' })));
afterEach(resetAdminState);

describe('PlatformPage', () => {
  it('says it is loading until the platform answers, asking the site’s own origin with the admin’s session', async () => {
    const remotes = deferred<Reply>();
    const api = platformApi({ 'GET /_platform/remotes': () => remotes.promise });
    localStorage.setItem('linkhunt.token', 'admin-session');
    await renderPlatform();
    expect((await screen.findByText('Loading the remotes…')).closest('[role="status"]')).toBeTruthy();
    remotes.resolve({ data: remotesAnswer() });
    expect(await card('mf-product')).toBeTruthy();
    expect(screen.queryByText('Loading the remotes…')).toBeNull();
    const platformRequests = api.requests.filter((request) => request.url.startsWith('/_platform/'));
    expect(platformRequests.map(describeRequest).sort()).toEqual(['GET /_platform/health', 'GET /_platform/history?limit=20', 'GET /_platform/remotes']);
    for (const request of platformRequests) {
      expect(request.baseURL).toBe('');
      expect(request.headers.get('Authorization')).toBe('Bearer admin-session');
    }
  });

  it('says the remotes could not be loaded, and loads them again on request', async () => {
    let calls = 0;
    platformApi({ 'GET /_platform/health': () => (++calls === 1 ? { status: 503, data: { error: 'x', message: 'down' } } : { data: healthAnswer() }) });
    const { user } = await renderPlatform();
    expect(await screen.findByRole('heading', { name: 'The remotes could not be loaded' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('mf-product')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('shows each remote’s version, who set it and when, each version’s health, and the thresholds', async () => {
    platformApi();
    await renderPlatform();
    const product = await card('mf-product');
    expect(product.textContent).toContain(`Version${V2}`);
    expect(product.textContent).toContain('Deployed by admin:root');
    expect(within(product).getAllByRole('time')[0]?.getAttribute('datetime')).toBe('2026-12-01T10:00:00Z');
    const table = within(product).getByRole('table', { name: 'Health of each version of mf-product' });
    const rows = within(table).getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows[0]).toEqual(['Version', 'Served since', 'Views', 'Load errors', 'Render errors', 'Server failures', 'Error rate']);
    expect(rows[1]).toEqual([`${V2}current`, expect.any(String), '120', '1', '2', '0', '2.5%']);
    expect(rows[2]).toEqual([V1, expect.any(String), '900', '1', '0', '0', '0.1%']);
    expect(screen.getByText(/more than 5% of its views fail, over at least 20 views\. A new version is watched for 300 s\./)).toBeTruthy();
    // A remote no history line set yet: said, and nothing to roll back to.
    const search = await card('mf-search');
    expect(search.textContent).toContain('Not recorded: set before the platform kept a history.');
    expect(search.textContent).toContain('No earlier version to roll back to.');
    expect(within(search).queryByRole('button', { name: /Roll back/ })).toBeNull();
  });

  it('marks a version above the error threshold, in words, once it has enough views to tell', async () => {
    platformApi({
      'GET /_platform/health': {
        data: healthAnswer({
          versions: [aVersion({ views: 100, errorRate: 0.2, clientErrors: { load: 15, render: 5 } }), aVersion({ entry: V1, views: 10, errorRate: 0.5 })],
        }),
      },
    });
    await renderPlatform();
    const rows = within(await card('mf-product')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.hasAttribute('data-unhealthy'))).toEqual([true, false]);
    expect(rows[0]?.textContent).toContain('20%Above the threshold');
    expect(rows[1]?.textContent).not.toContain('Above the threshold');
  });

  it('shows a canary and a watch under way', async () => {
    platformApi({
      'GET /_platform/health': {
        data: healthAnswer({
          canary: { entry: V3, percent: 10 },
          watch: { entry: V3, until: '2026-12-01T10:05:00Z', action: 'abort-canary' },
          versions: [aVersion(), aVersion({ entry: V3, views: 4 })],
        }),
      },
    });
    await renderPlatform();
    const product = await card('mf-product');
    const canary = within(product).getByRole('region', { name: 'Canary' });
    expect(canary.textContent).toContain(`CanaryVersion${V3}Share of visitors10%Abort canary`);
    const watch = within(product).getByRole('region', { name: 'Under watch' });
    expect(watch.textContent).toContain(`Version${V3}`);
    expect(within(watch).getByRole('time').getAttribute('datetime')).toBe('2026-12-01T10:05:00Z');
    expect(watch.textContent).toContain('If it turns unhealthyCanary aborted');
    expect(within(product).getAllByRole('row')[2]?.textContent).toContain(`${V3}canary`);
  });

  it('rolls back after one confirmation naming from → to: exactly one POST, then everything read again', async () => {
    const api = platformApi({ 'POST /_platform/rollbacks': deployed() });
    const { user } = await renderPlatform();
    const product = await card('mf-product');
    await user.click(within(product).getByRole('button', { name: 'Roll back mf-product' }));

    const dialog = screen.getByRole('dialog', { name: 'Roll back mf-product?' });
    expect(dialog.textContent).toContain(`From${V2}To${V1}`);
    const readsBefore = api.requests.length;
    expect(api.requests.filter((request) => request.method === 'post')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = api.requests.filter((request) => request.method === 'post');
    expect(posts.map(describeRequest)).toEqual(['POST /_platform/rollbacks']);
    expect(bodyOf(posts[0])).toEqual({ remote: 'mf-product', to: V1 });
    expect(posts[0]?.baseURL).toBe('');
    await waitFor(() =>
      expect(api.requests.slice(readsBefore + 1).map(describeRequest).sort()).toEqual([
        'GET /_platform/health',
        'GET /_platform/history?limit=20',
        'GET /_platform/remotes',
      ]),
    );
    expect(toasts()).toEqual([{ kind: 'success', message: 'mf-product is rolled back.' }]);
    // The focus goes back to the button that opened the dialog.
    expect(document.activeElement).toBe(within(product).getByRole('button', { name: 'Roll back mf-product' }));
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const api = platformApi();
    const { user } = await renderPlatform();
    await user.click(within(await card('mf-product')).getByRole('button', { name: 'Roll back mf-product' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((request) => request.method !== 'get')).toEqual([]);
  });

  it('says a refusal in the page’s words with the server’s reason, keeping the dialog open; the page is read again', async () => {
    const api = platformApi({
      'POST /_platform/rollbacks': { status: 422, data: { error: 'preflight_failed', message: 'refused by the reachable check: 404', checks: [] } },
    });
    const { user } = await renderPlatform();
    await user.click(within(await card('mf-product')).getByRole('button', { name: 'Roll back mf-product' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Refused: a check failed. The server says: “refused by the reachable check: 404”');
    expect(screen.getByRole('dialog')).toBe(dialog);
    await waitFor(() => expect(api.requests.filter((request) => request.url === '/_platform/remotes')).toHaveLength(2));
    expect(toasts()).toEqual([]);
  });

  it('says a refusal in Spanish on a Spanish page', async () => {
    platformApi({ 'POST /_platform/rollbacks': { status: 409, data: { error: 'already_current', message: 'mf-product already runs v1' } } });
    const { user } = await renderPlatform('/es/admin/platform');
    await i18n.changeLanguage('es');
    try {
      await user.click(within(await card('mf-product')).getByRole('button', { name: 'Revertir mf-product' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revertir' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Rechazado: ya usa esa versión. El servidor dice: «mf-product already runs v1»');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('aborts a canary after one confirmation: one DELETE, then read again', async () => {
    let aborted = false;
    const api = platformApi({
      'GET /_platform/health': () => ({ data: healthAnswer(aborted ? {} : { canary: { entry: V3, percent: 25 } }) }),
      'DELETE /_platform/canaries/mf-product': () => {
        aborted = true;
        return deployed(aHistoryLine({ action: 'canary-abort', from: { entry: V3 }, to: { entry: V2 } }));
      },
    });
    const { user } = await renderPlatform();
    await user.click(within(await card('mf-product')).getByRole('button', { name: 'Abort canary of mf-product' }));
    const dialog = screen.getByRole('dialog', { name: 'Abort the canary of mf-product?' });
    expect(dialog.textContent).toContain('The 25% of visitors who get the canary go back');
    expect(dialog.textContent).toContain(`From${V3}To${V2}`);
    await user.click(within(dialog).getByRole('button', { name: 'Abort canary' }));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'mf-product' })).queryByRole('region', { name: 'Canary' })).toBeNull());
    expect(api.requests.filter((request) => request.method !== 'get').map(describeRequest)).toEqual(['DELETE /_platform/canaries/mf-product']);
    expect(toasts()).toEqual([{ kind: 'success', message: 'The canary of mf-product is aborted.' }]);
  });
});

describe('the platform history', () => {
  const lines = [
    aHistoryLine({ id: '3-canary', action: 'canary', by: 'ci', from: { entry: V2 }, to: { entry: V3 }, percent: 10, at: '2026-12-02T10:00:00Z' }),
    aHistoryLine({ id: '2-abort', action: 'canary-abort', by: 'health watch', from: { entry: V3 }, to: { entry: V2 }, reason: '12 errors in 40 views', at: '2026-12-01T12:00:00Z' }),
    aHistoryLine({ id: '1-hand', action: 'hand-edit', by: 'hand edit', from: null, to: { entry: V1 }, fingerprint: null, at: '2026-11-30T10:00:00Z' }),
  ];

  it('lists the lines newest first: when, remote, action, who, from → to, share and reason', async () => {
    platformApi({ 'GET /_platform/history': { data: { lines } } });
    await renderPlatform();
    const table = await screen.findByRole('table', { name: 'Deploy history, newest first' });
    const rows = within(table).getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows[0]).toEqual(['When', 'Remote', 'Action', 'By', 'From', 'To', 'Share', 'Reason']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['mf-product', 'Canary', 'ci', V2, V3, '10%', ''],
      ['mf-product', 'Canary aborted', 'Health watch (automatic)', V3, V2, '', '12 errors in 40 views'],
      ['mf-product', 'Hand edit', 'By hand', 'none', V1, '', ''],
    ]);
    expect(screen.getByText('3 lines shown').getAttribute('role')).toBe('status');
  });

  it('filters by remote through the address, and loads older lines a step at a time', async () => {
    const full = Array.from({ length: 20 }, (_, index) => aHistoryLine({ id: `line-${index}` }));
    const api = platformApi({
      'GET /_platform/history': () => ({ data: { lines: api.requests.at(-1)?.url.includes('limit=40') ? [...full, ...lines] : full } }),
    });
    const { user } = await renderPlatform('/en/admin/platform?remote=mf-product');
    expect(await screen.findByRole('table', { name: 'Deploy history of mf-product, newest first' })).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Remote' }).value).toBe('mf-product');
    await user.click(screen.getByRole('button', { name: 'Show older lines' }));
    await waitFor(() => expect(screen.getByText('23 lines shown')).toBeTruthy());
    // Fewer than asked: there is nothing older.
    expect(screen.queryByRole('button', { name: 'Show older lines' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Remote' }), 'All remotes');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByRole('table', { name: 'Deploy history, newest first' })).toBeTruthy();
    expect(api.requests.filter((request) => request.url.startsWith('/_platform/history')).map((request) => request.url)).toEqual([
      '/_platform/history?remote=mf-product&limit=20',
      '/_platform/history?remote=mf-product&limit=40',
      '/_platform/history?limit=20',
    ]);
  });

  it('says the history is empty', async () => {
    platformApi({ 'GET /_platform/history': { data: { lines: [] } } });
    await renderPlatform();
    expect(await screen.findByText('Nothing in the history yet.')).toBeTruthy();
  });

  it('says the history could not be loaded, the remotes still shown', async () => {
    platformApi({ 'GET /_platform/history': { status: 503, data: { error: 'remotes_unreadable', message: 'x' } } });
    await renderPlatform();
    expect(await screen.findByRole('heading', { name: 'The history could not be loaded' })).toBeTruthy();
    expect(await card('mf-product')).toBeTruthy();
  });
});
