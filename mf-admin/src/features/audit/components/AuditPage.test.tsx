import { LINK_CHECKER_ACTOR } from '@linkhunt/contracts/moderation';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { fakeApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anAuditEntry, moderator, page, resetAdminState, signIn } from '../../../test/admin-kit.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';
import AuditPage from './AuditPage.tsx';

const hide = anAuditEntry();
const suspend = anAuditEntry({
  id: 2,
  actor: { id: 3, username: 'root' },
  action: 'user.suspend',
  target_type: 'user',
  target_id: 7,
  target_label: '@ana_hunts',
  details: 'Throwaway accounts reviewing each other.',
  created_at: '2024-06-05T10:00:00Z',
});

const urls = (requests: { url: string }[]) => requests.map((request) => request.url);

beforeEach(() => signIn(moderator()));
afterEach(resetAdminState);

describe('AuditPage', () => {
  it('lists each action as the API orders them (newest first): when, who, what, on what, and why', async () => {
    fakeApi(() => page([suspend, hide]));
    await renderAdmin(<AuditPage />, { route: '/en/admin/audit' });

    expect(await screen.findByRole('heading', { level: 2, name: '2 actions' })).toBeTruthy();
    const entries = within(screen.getByRole('list', { name: '2 actions' })).getAllByRole('listitem');
    const entry = (index: number) => entries[index] ?? document.body;
    expect(entries).toHaveLength(2);
    expect(entry(0).textContent).toContain('Suspended a user');
    expect(within(entry(0)).getByRole('link', { name: 'Actions by @root' }).getAttribute('href')).toBe('/en/admin/audit?actor=root');
    expect(within(entry(0)).getByRole('link', { name: 'Actions on User #7 @ana_hunts' }).getAttribute('href')).toBe(
      '/en/admin/audit?target_type=user&target_id=7',
    );
    expect(entry(0).textContent).toContain('Throwaway accounts reviewing each other.');
    expect(entry(1).textContent).toContain('Hid a product');
    expect(within(entry(1)).getByRole('link', { name: 'Actions on Product #11 “Retro Runner sneakers”' })).toBeTruthy();
  });

  it('sends the filters of the address, and the ones chosen in the form', async () => {
    const api = fakeApi(() => page([hide]));
    const { user } = await renderAdmin(<AuditPage />, { route: '/en/admin/audit?action=product.hide' });
    await screen.findByRole('heading', { name: '1 action' });
    expect(urls(api.requests)).toEqual(['/admin/audit?action=product.hide']);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Action' }).value).toBe('product.hide');
    // No id without the kind of target it is.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Target id' }).disabled).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Any action');
    await user.type(screen.getByRole('textbox', { name: 'Moderator (username)' }), '@mia_mod');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target' }), 'Product');
    await user.type(screen.getByRole('textbox', { name: 'Target id' }), '11');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(urls(api.requests).at(-1)).toBe('/admin/audit?actor=mia_mod&target_type=product&target_id=11'));

    await user.click(await screen.findByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(urls(api.requests).at(-1)).toBe('/admin/audit'));
  });

  it('filters by a moderator from an entry, and pages with the filters kept', async () => {
    const api = fakeApi((request) => page([suspend], { total: 30, page: request.url.includes('page=2') ? 2 : 1 }));
    const { user } = await renderAdmin(<AuditPage />, { route: '/en/admin/audit' });
    await user.click(await screen.findByRole('link', { name: 'Actions by @root' }));
    await waitFor(() => expect(urls(api.requests).at(-1)).toBe('/admin/audit?actor=root'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Moderator (username)' }).value).toBe('root');
    await user.click(await screen.findByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(urls(api.requests).at(-1)).toBe('/admin/audit?actor=root&page=2'));
  });

  describe('the link checker’s actions', () => {
    const autoHide = anAuditEntry({
      id: 3,
      actor: { ...LINK_CHECKER_ACTOR },
      action: 'product.auto_hide',
      details: 'link no longer works (checked automatically) Hacoo: not_found (404).',
      created_at: '2024-06-06T10:00:00Z',
    });
    const autoRestore = anAuditEntry({
      id: 4,
      actor: { ...LINK_CHECKER_ACTOR },
      action: 'product.auto_restore',
      details: 'A link works again: hacoo.',
      created_at: '2024-06-07T10:00:00Z',
    });

    it('names them and their actor in words rather than "@link checker", and filters by that actor', async () => {
      const api = fakeApi(() => page([autoRestore, autoHide, hide]));
      const { user } = await renderAdmin(<AuditPage />, { route: '/en/admin/audit' });
      const entries = within(await screen.findByRole('list', { name: '3 actions' })).getAllByRole('listitem');
      expect(entries.map((entry) => entry.querySelector('.action')?.textContent)).toEqual([
        'Restored automatically (link works again)',
        'Hidden automatically (link gone)',
        'Hid a product',
      ]);
      const checker = within(entries[0] ?? document.body).getByRole('link', { name: 'Actions by Link checker (automatic)' });
      expect(checker.textContent).toBe('Link checker (automatic)');
      expect(checker.getAttribute('href')).toBe('/en/admin/audit?actor=link+checker');
      expect(document.body.textContent).not.toContain('@link checker');
      // A moderator is still named by @username.
      expect(within(entries[2] ?? document.body).getByRole('link', { name: 'Actions by @mia_mod' })).toBeTruthy();

      await user.click(checker);
      await waitFor(() => expect(urls(api.requests).at(-1)).toBe('/admin/audit?actor=link+checker'));
    });

    it('offers both in the action filter, translated', async () => {
      const api = fakeApi(() => page([autoHide]));
      const { user } = await renderAdmin(<AuditPage />, { route: '/en/admin/audit' });
      await screen.findByRole('heading', { name: '1 action' });
      const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Action' });
      const options = Array.from(select.options).map((option) => [option.value, option.textContent]);
      expect(options).toContainEqual(['product.auto_hide', 'Hidden automatically (link gone)']);
      expect(options).toContainEqual(['product.auto_restore', 'Restored automatically (link works again)']);
      await user.selectOptions(select, 'Hidden automatically (link gone)');
      await user.click(screen.getByRole('button', { name: 'Apply filters' }));
      await waitFor(() => expect(urls(api.requests).at(-1)).toBe('/admin/audit?action=product.auto_hide'));
    });

    it('says them in the page’s language', async () => {
      fakeApi(() => page([autoHide]));
      await renderAdmin(<AuditPage />, { route: '/es/admin/audit' });
      await screen.findByRole('heading', { name: '1 action' });
      await i18n.changeLanguage('es');
      try {
        expect(await screen.findByRole('link', { name: 'Acciones de Comprobador de enlaces (automático)' })).toBeTruthy();
        expect(document.querySelector('.action')?.textContent).toBe('Ocultado automáticamente (enlace caído)');
      } finally {
        await i18n.changeLanguage('en');
      }
    });
  });
});
