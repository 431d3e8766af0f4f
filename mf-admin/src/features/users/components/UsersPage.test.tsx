import type { ModeratedUser } from '@linkhunt/contracts/moderation';
import type { ApiRequest } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { deferred, fakeApi, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aModeratedUser, bodyOf, describeRequest, moderator, page, resetAdminState, signIn, toasts } from '../../../test/admin-kit.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';
import UsersPage from './UsersPage.tsx';

const ana = aModeratedUser();
const bruno = aModeratedUser({ id: 8, username: 'bruno', name: 'Bruno', email: 'bruno@example.com', suspended_at: '2024-06-01T10:00:00Z', suspension_reason: 'Spam links in every review.' });
const carla = aModeratedUser({ id: 9, username: 'carla', name: 'Carla', email: 'carla@example.com', role: 'moderator' });
const root = aModeratedUser({ id: 2, username: 'root', name: 'Root', email: 'root@example.com', role: 'admin' });
const me = aModeratedUser({ id: 1, username: 'mia_mod', name: 'Mia Mod', email: 'mia@example.com', role: 'moderator' });

/** The users on GET, as the server holds them after the actions it accepted (the page is read again after each). */
function serveUsers(users: ModeratedUser[], act: (request: ApiRequest) => Reply | Promise<Reply> = () => ({ status: 404 })) {
  let held = users;
  return fakeApi(async (request) => {
    if (request.method === 'get') return page(held);
    const reply = await act(request);
    const after = (reply.data as { results?: { data: ModeratedUser } } | null | undefined)?.results?.data;
    if (after) held = held.map((user) => (user.id === after.id ? after : user));
    return reply;
  });
}

const row = (name: string) => screen.getByRole('article', { name });
const buttonsOf = (name: string) => within(row(name)).queryAllByRole('button').map((button) => button.getAttribute('aria-label'));
const updated = (user: ModeratedUser): Reply => ({ data: { message: 'done', results: { data: user } } });

afterEach(resetAdminState);

describe('UsersPage', () => {
  it('lists each account with its standing; a moderator may suspend and restore, but not change roles', async () => {
    signIn(moderator('moderator'));
    serveUsers([ana, bruno, carla, root, me]);
    await renderAdmin(<UsersPage />, { route: '/en/admin/users' });

    expect(await screen.findByRole('heading', { level: 2, name: '5 users' })).toBeTruthy();
    const facts = [...row('Ana Pérez @ana_hunts').querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts).toEqual(['E-mail: ana@example.com', 'Role: User', 'Verified: Yes', 'Products: 12', expect.stringMatching(/^Joined: /)]);
    expect(within(row('Ana Pérez @ana_hunts')).getByText('Active')).toBeTruthy();
    expect(within(row('Bruno @bruno')).getByText('Suspended')).toBeTruthy();
    expect(row('Bruno @bruno').textContent).toContain('Spam links in every review.');

    expect(buttonsOf('Ana Pérez @ana_hunts')).toEqual(['Suspend @ana_hunts']);
    expect(buttonsOf('Bruno @bruno')).toEqual(['Restore @bruno']);
    expect(buttonsOf('Carla @carla')).toEqual(['Suspend @carla']);
    expect(buttonsOf('Root @root')).toEqual([]);
    expect(buttonsOf('Mia Mod @mia_mod')).toEqual([]);
    expect(within(row('Mia Mod @mia_mod')).getByText('This is you.')).toBeTruthy();
  });

  it('offers an admin to grant and remove the moderator role', async () => {
    signIn(moderator('admin'));
    serveUsers([ana, bruno, carla, root]);
    await renderAdmin(<UsersPage />, { route: '/en/admin/users' });

    expect(await screen.findByRole('article', { name: 'Ana Pérez @ana_hunts' })).toBeTruthy();
    expect(buttonsOf('Ana Pérez @ana_hunts')).toEqual(['Suspend @ana_hunts', 'Make moderator: @ana_hunts']);
    expect(buttonsOf('Bruno @bruno')).toEqual(['Restore @bruno', 'Make moderator: @bruno']);
    expect(buttonsOf('Carla @carla')).toEqual(['Suspend @carla', 'Remove moderator: @carla']);
    expect(buttonsOf('Root @root')).toEqual([]);
  });

  it('grants the role and shows the new one', async () => {
    signIn(moderator('admin'));
    const api = serveUsers([ana], () => updated({ ...ana, role: 'moderator' }));
    const { user } = await renderAdmin(<UsersPage />, { route: '/en/admin/users' });
    await user.click(await screen.findByRole('button', { name: 'Make moderator: @ana_hunts' }));

    expect(await within(row('Ana Pérez @ana_hunts')).findByRole('button', { name: 'Remove moderator: @ana_hunts' })).toBeTruthy();
    await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /admin/users', 'POST /admin/users/7/role', 'GET /admin/users']));
    expect(bodyOf(api.requests[1])).toEqual({ role: 'moderator' });
    expect(toasts()).toEqual([{ kind: 'success', message: '@ana_hunts is now a moderator.' }]);
  });

  it('suspends only with a reason, then shows the account suspended', async () => {
    signIn(moderator('moderator'));
    const api = serveUsers([ana], (request) =>
      updated({ ...ana, suspended_at: '2024-06-06T10:00:00Z', suspension_reason: (bodyOf(request) as { reason: string }).reason }),
    );
    const { user } = await renderAdmin(<UsersPage />, { route: '/en/admin/users' });
    await user.click(await screen.findByRole('button', { name: 'Suspend @ana_hunts' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend @ana_hunts' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(within(dialog).getByText('Write at least 20 characters (so far 0).')).toBeTruthy();
    expect(api.requests).toHaveLength(1);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for the suspension' }), 'Throwaway accounts reviewing each other.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await within(row('Ana Pérez @ana_hunts')).findByRole('button', { name: 'Restore @ana_hunts' })).toBeTruthy();
    await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /admin/users', 'POST /admin/users/7/suspend', 'GET /admin/users']));
    expect(bodyOf(api.requests[1])).toEqual({ reason: 'Throwaway accounts reviewing each other.' });
    expect(row('Ana Pérez @ana_hunts').textContent).toContain('Throwaway accounts reviewing each other.');
    expect(toasts()).toEqual([{ kind: 'success', message: '@ana_hunts is suspended.' }]);
    await waitFor(() => expect(document.activeElement).toBe(row('Ana Pérez @ana_hunts')));
  });

  it('shows a restored account active at once, and suspended again, with what the API refused, when it refuses', async () => {
    signIn(moderator('moderator'));
    const answer = deferred<Reply>();
    let reads = 0;
    // Only the first read answers: the row the refusal leaves is the console's own doing, not a new read's.
    const api = fakeApi((request) => (request.method === 'post' ? answer.promise : reads++ === 0 ? page([bruno]) : new Promise<Reply>(() => undefined)));
    const { user } = await renderAdmin(<UsersPage />, { route: '/en/admin/users' });
    await user.click(await screen.findByRole('button', { name: 'Restore @bruno' }));

    expect(await within(row('Bruno @bruno')).findByText('Active')).toBeTruthy();
    expect(row('Bruno @bruno').textContent).not.toContain('Spam links in every review.');
    // Suspend took Restore's place: not before the answer.
    expect(within(row('Bruno @bruno')).getByRole<HTMLButtonElement>('button', { name: 'Suspend @bruno' }).disabled).toBe(true);
    expect(document.activeElement).toBe(row('Bruno @bruno'));

    answer.resolve({ status: 403, data: { message: 'Only an admin can restore this account.' } });
    await waitFor(() => expect(within(row('Bruno @bruno')).getByText('Suspended')).toBeTruthy());
    expect(row('Bruno @bruno').textContent).toContain('Spam links in every review.');
    expect(buttonsOf('Bruno @bruno')).toEqual(['Restore @bruno']);
    expect(toasts()).toEqual([{ kind: 'error', message: 'Only an admin can restore this account.' }]);
    // The page is read again after a refusal too: another moderator may have acted meanwhile.
    await waitFor(() => expect(api.requests.map(describeRequest)).toEqual(['GET /admin/users', 'POST /admin/users/8/restore', 'GET /admin/users']));
  });

  it('searches by text and status through the address', async () => {
    signIn(moderator('moderator'));
    const api = serveUsers([ana]);
    const { user } = await renderAdmin(<UsersPage />, { route: '/en/admin/users?status=active' });
    await screen.findByRole('article', { name: 'Ana Pérez @ana_hunts' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' }).value).toBe('active');

    await user.type(screen.getByRole('searchbox', { name: 'Username, name or e-mail' }), ' ana p ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Suspended');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.requests.map((request) => request.url)).toEqual(['/admin/users?status=active', '/admin/users?q=ana+p&status=suspended']));
  });
});
