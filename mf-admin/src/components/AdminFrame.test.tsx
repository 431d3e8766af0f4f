import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { fakeApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { screen, within } from '@testing-library/react';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { aQueueItem, describeRequest, moderator, page, resetAdminState, signIn } from '../test/admin-kit.ts';
import { renderAdmin } from '../test/render-admin.tsx';
import AuditPage from '../features/audit/components/AuditPage.tsx';
import PlatformPage from '../features/platform/components/PlatformPage.tsx';
import ReportsPage from '../features/reports/components/ReportsPage.tsx';
import UsersPage from '../features/users/components/UsersPage.tsx';

const robots = () => document.querySelector('meta[name="robots"]')?.getAttribute('content');

function LoginStandIn() {
  const from = (useLocation().state as { from?: Location } | null)?.from;
  return <output>{`login, back to ${from?.pathname ?? 'nowhere'}`}</output>;
}

afterEach(resetAdminState);

describe('the console’s access check', () => {
  it('asks a signed-out visitor to sign in, and the login page brings them back', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    const api = fakeApi(() => ({ status: 500 }));
    const { user } = await renderAdmin(
      <Routes>
        <Route path="/:lang/admin/users" element={<UsersPage />} />
        <Route path="/:lang/auth" element={<LoginStandIn />} />
      </Routes>,
      { route: '/en/admin/users' },
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in to moderate' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Moderation sections' })).toBeNull();
    expect(robots()).toBe('noindex');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect((await screen.findByRole('status')).textContent).toBe('login, back to /en/admin/users');
    expect(api.requests).toEqual([]);
  });

  it('tells a signed-in user without the role that the page is not for them, and asks the API nothing', async () => {
    signIn(anOwnUser({ role: 'user' }));
    const api = fakeApi(() => ({ status: 500 }));
    await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });

    expect(screen.getByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
    expect(screen.queryByRole('navigation', { name: 'Moderation sections' })).toBeNull();
    expect(robots()).toBe('noindex');
    await settle();
    expect(api.requests).toEqual([]);
  });

  it('says it is checking while the session check is under way', async () => {
    fakeApi(() => ({ status: 500 }));
    await renderAdmin(<AuditPage />, { route: '/en/admin/audit' });
    expect(screen.getByRole('status').textContent).toBe('Checking your access…');
  });

  it('shows a moderator the three sections, the current one marked', async () => {
    signIn(moderator());
    const api = fakeApi(() => page([]));
    await renderAdmin(<AuditPage />, { route: '/en/admin/audit' });

    const nav = screen.getByRole('navigation', { name: 'Moderation sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual([
      ['Reports', '/en/admin/reports', null],
      ['Users', '/en/admin/users', null],
      ['Audit log', '/en/admin/audit', 'page'],
    ]);
    expect(await screen.findByRole('heading', { name: 'No actions found' })).toBeTruthy();
    expect(api.requests.map(describeRequest)).toEqual(['GET /admin/audit']);
    expect(api.requests[0]?.headers.get('Accept')).toBe('application/json');
  });

  it('shows an admin the platform section too', async () => {
    signIn(moderator('admin'));
    fakeApi(() => page([]));
    await renderAdmin(<AuditPage />, { route: '/en/admin/audit' });
    const nav = screen.getByRole('navigation', { name: 'Moderation sections' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Reports', '/en/admin/reports'],
      ['Users', '/en/admin/users'],
      ['Audit log', '/en/admin/audit'],
      ['Platform', '/en/admin/platform'],
    ]);
  });

  it('tells a moderator who opens the platform page that it is for admins, and asks nothing', async () => {
    signIn(moderator());
    const api = fakeApi(() => ({ status: 500 }));
    await renderAdmin(<PlatformPage />, { route: '/en/admin/platform' });
    expect(screen.getByRole('heading', { level: 1, name: 'Platform' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.getByText('Only administrators can use the platform page.')).toBeTruthy();
    // Their own sections are still there, the platform's tab is not.
    const nav = screen.getByRole('navigation', { name: 'Moderation sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Reports', 'Users', 'Audit log']);
    await settle();
    expect(api.requests).toEqual([]);
  });

  it('says the page is not for them when the API refuses the role (taken away since sign-in)', async () => {
    signIn(moderator());
    fakeApi(() => ({ status: 403, data: { message: 'Moderators only' } }));
    await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
  });

  it('offers to try again when the list cannot be loaded, and loads it again', async () => {
    signIn(moderator());
    let calls = 0;
    fakeApi(() => (++calls === 1 ? { status: 503, data: { message: 'Down' } } : page([aQueueItem()])));
    const { user } = await renderAdmin(<ReportsPage />, { route: '/en/admin/reports' });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Retro Runner sneakers' })).toBeTruthy();
  });

  it('renders on the server as “checking”, kept out of search results, asking the API nothing', async () => {
    setSiteConfig({ apiUrl: TEST_API_URL, siteUrl: 'https://linkhunt.test' });
    const api = fakeApi(() => ({ status: 500 }));
    await i18n.loadNamespaces('admin');
    const { prelude } = await prerender(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/en/admin/reports']}>
          <ReportsPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const html = await new Response(prelude).text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<title>Reports queue · Moderation | Linkhunt</title>');
    expect(html).toContain('Checking your access…');
    expect(api.requests).toEqual([]);
  });
});
