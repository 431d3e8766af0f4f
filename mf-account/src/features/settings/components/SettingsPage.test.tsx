import type { OwnUser, ProfileResponse } from '@linkhunt/contracts/user';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toastStore } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { TOKEN_KEY } from '@linkhunt/shared-ui/features/session/token-storage.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf, entriesOf, type FakeRequest, formDataOf } from '../../../test/form-helpers.ts';
import { gifFile, jpegFile } from '@linkhunt/shared-ui/test/image-files.ts';
import { stubObjectUrls } from '@linkhunt/shared-ui/test/object-urls.ts';
import { seedReads } from '../../../test/account-test-kit.ts';
import { renderAccount } from '../../../test/render-account.tsx';
import SettingsPage from './SettingsPage.tsx';

const ana = anOwnUser({ name: 'Ana Pérez', biography: 'I hunt sneakers.', coupon: 'ANA10', avatar: 'avatars/ana.png' });
const updated = (changes: Partial<OwnUser>): Reply => {
  const body: ProfileResponse = { user: { data: { ...ana, ...changes } } };
  return { data: body };
};

/** The agents the site offers (GET /agents), in its order. */
const AGENTS = [
  { agent: 'cnfans', name: 'CNFans' },
  { agent: 'kakobuy', name: 'Kakobuy' },
  { agent: 'mulebuy', name: 'Mulebuy' },
];

/** Answers GET /agents with `agents` and POST /auth/update with `save`; `requests` are the saves sent, in order. */
function serveApi(save: (request: FakeRequest) => Reply | Promise<Reply> = () => updated({}), agents: () => Reply | Promise<Reply> = () => results(AGENTS)) {
  const api = fakeApi((request) => {
    if (request.method === 'get' && request.url === '/agents') return agents();
    return request.method === 'post' && request.url === '/auth/update' ? save(request) : { status: 404, data: { message: 'No such route' } };
  });
  return {
    get requests() {
      return api.requests.filter((request) => request.method === 'post');
    },
  };
}

async function renderSettings() {
  const rendered = await renderAccount(<SettingsPage />, { route: '/en/auth/settings' });
  await screen.findByRole('button', { name: 'Save settings' });
  return rendered;
}

const field = <T extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText<T>(label);
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save settings' });
const toasts = () => toastStore.getState().toasts.map(({ kind, message }) => ({ kind, message }));

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  sessionStore.setState({ status: 'authenticated', user: ana });
  toastStore.setState({ toasts: [] });
  urls = stubObjectUrls();
});
afterEach(() => {
  urls.restore();
  restoreApi();
  toastStore.setState({ toasts: [] });
  sessionStore.setState({ status: 'unauthenticated', user: null });
  localStorage.clear();
});

describe('SettingsPage', () => {
  it('starts from the signed-in user’s profile, with the password left alone', async () => {
    await renderSettings();

    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(field('Name').value).toBe('Ana Pérez');
    expect(field<HTMLTextAreaElement>('Biography (optional)').value).toBe('I hunt sneakers.');
    expect(field('Coupon code (optional)').value).toBe('ANA10');
    expect(field('Current password').value).toBe('');
    expect(field('New password').value).toBe('');
    expect(screen.getByRole('group', { name: 'Change password' })).toBeTruthy();
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Preview of the chosen image' }).getAttribute('src')).toBe('http://api.test/avatars/ana.png');
    expect(field('Avatar').type).toBe('file');
  });

  it('shows empty fields for a profile without biography, coupon or avatar', async () => {
    sessionStore.setState({ user: anOwnUser({ biography: null, coupon: null, avatar: null }) });
    await renderSettings();
    expect(field<HTMLTextAreaElement>('Biography (optional)').value).toBe('');
    expect(field('Coupon code (optional)').value).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows no form to a signed-out visitor', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    await renderAccount(<SettingsPage />, { route: '/en/auth/settings' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });

  it('keeps what was typed when the session expires, and saves it once the user has signed in again', async () => {
    localStorage.setItem(TOKEN_KEY, 'revoked-token');
    let saves = 0;
    const api = serveApi(() => (++saves === 1 ? { status: 401, data: { message: 'Invalid token' } } : updated({ biography: 'Sneakers and caps.' })));
    const { user } = await renderSettings();
    await user.clear(field<HTMLTextAreaElement>('Biography (optional)'));
    await user.type(field<HTMLTextAreaElement>('Biography (optional)'), 'Sneakers and caps.');
    await user.click(save());

    expect(
      await screen.findByText('Your session expired, so nothing was saved. Sign in again and send the form once more: everything you entered is still here.'),
    ).toBeTruthy();
    expect(toasts()).toEqual([]);
    expect(sessionStore.getState().status).toBe('expired');
    expect(field<HTMLTextAreaElement>('Biography (optional)').value).toBe('Sneakers and caps.');

    act(() => sessionStore.getState().signIn({ token: { accessToken: 'fresh-token', tokenType: 'Bearer' }, user: { data: ana } }));
    await user.click(save());
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Your settings are saved.' }]));
    expect(formDataOf(api.requests[1]).get('biography')).toBe('Sneakers and caps.');
  });

  it('sends name, biography and coupon without any password, updates the session and says so', async () => {
    const answer = deferred<Reply>();
    const api = serveApi(() => answer.promise);
    const { user } = await renderSettings();
    await user.clear(field('Name'));
    await user.type(field('Name'), '  Ana P.  ');
    await user.clear(field('Coupon code (optional)'));
    await user.click(save());

    // Busy while the answer is on its way: it cannot be sent twice.
    await vi.waitFor(() => expect(save().disabled).toBe(true));
    expect(save().getAttribute('aria-busy')).toBe('true');
    await user.click(save());

    const [request] = api.requests;
    expect(api.requests).toHaveLength(1);
    expect([request?.method, request?.url]).toEqual(['post', '/auth/update']);
    expect(entriesOf(formDataOf(request))).toEqual({ name: ['Ana P.'], biography: ['I hunt sneakers.'], coupon: [''] });

    answer.resolve(updated({ name: 'Ana P.', coupon: null }));
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Your settings are saved.' }]));
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user: { ...ana, name: 'Ana P.', coupon: null } });
    expect(save().disabled).toBe(false);
    expect(field('Name').value).toBe('  Ana P.  ');
  });

  it('leaves no page showing the profile as it was: the public page and the pages crediting the user are asked again', async () => {
    const untouched = seedReads(['/users/username/ana_hunts?include=products', '/users/username/ana_hunts/valorations', '/users/top', '/products/slug/tote?include=user']);
    serveApi(() => updated({ name: 'Ana P.' }));
    const { user } = await renderSettings();
    await user.type(field('Name'), '!');
    await user.click(save());
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Your settings are saved.' }]));
    expect(untouched()).toEqual([]);
  });

  it('leaves the password out when only the current one is typed', async () => {
    const api = serveApi();
    const { user } = await renderSettings();
    await user.type(field('Current password'), 'linkhunt-demo');
    await user.click(save());
    await vi.waitFor(() => expect(toasts()).toHaveLength(1));

    const sent = formDataOf(api.requests[0]);
    expect(sent.has('current_password')).toBe(false);
    expect(sent.has('password')).toBe(false);
  });

  it('sends the current and the new password when a new one is typed, and empties both once saved', async () => {
    const api = serveApi();
    const { user } = await renderSettings();
    await user.type(field('Current password'), 'linkhunt-demo');
    await user.type(field('New password'), 'an even better one');
    await user.click(save());
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Your settings are saved.' }]));

    expect(entriesOf(formDataOf(api.requests[0]))).toEqual({
      name: ['Ana Pérez'],
      biography: ['I hunt sneakers.'],
      coupon: ['ANA10'],
      current_password: ['linkhunt-demo'],
      password: ['an even better one'],
    });
    expect(field('Current password').value).toBe('');
    expect(field('New password').value).toBe('');
  });

  it('sends a new avatar, and updates the session with the saved one', async () => {
    const api = serveApi(() => updated({ avatar: 'avatars/ana-2.jpg' }));
    const { user } = await renderSettings();
    const avatar = jpegFile('me.jpg');
    await user.upload(field('Avatar'), avatar);
    await vi.waitFor(() =>
      expect(screen.getByRole<HTMLImageElement>('img', { name: 'Preview of the chosen image' }).getAttribute('src')).toBe('blob:test/1'),
    );
    await user.click(save());
    await vi.waitFor(() => expect(toasts()).toHaveLength(1));

    expect(formDataOf(api.requests[0]).get('avatar')).toBe(avatar);
    expect(sessionStore.getState().user?.avatar).toBe('avatars/ana-2.jpg');
  });

  it('offers to replace the saved avatar, and to keep it once another is chosen; kept, none is sent', async () => {
    const api = serveApi();
    const { user } = await renderSettings();
    const avatar = field('Avatar');
    expect(avatar.getAttribute('aria-labelledby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual(['Avatar', 'Replace photo']);
    // The API cannot remove an avatar: nothing offers to.
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();

    await user.upload(avatar, jpegFile('me.jpg'));
    await user.click(await screen.findByRole('button', { name: 'Keep the current photo' }));
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Preview of the chosen image' }).getAttribute('src')).toBe('http://api.test/avatars/ana.png');
    await user.click(save());
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    expect(formDataOf(api.requests[0]).has('avatar')).toBe(false);
  });

  it('sends an avatar dropped on the picker', async () => {
    const api = serveApi(() => updated({ avatar: 'avatars/ana-3.jpg' }));
    const { user } = await renderSettings();
    const avatar = jpegFile('dropped.jpg');
    fireEvent.drop(screen.getByText('or drop it here'), { dataTransfer: { files: [avatar], types: ['Files'] } });
    await vi.waitFor(() =>
      expect(screen.getByRole<HTMLImageElement>('img', { name: 'Preview of the chosen image' }).getAttribute('src')).toBe('blob:test/1'),
    );
    await user.click(save());
    await vi.waitFor(() => expect(toasts()).toHaveLength(1));
    expect(formDataOf(api.requests[0]).get('avatar')).toBe(avatar);
  });

  it('never sends an avatar it refused', async () => {
    const api = serveApi();
    const { user } = await renderSettings();
    await user.upload(field('Avatar'), gifFile());
    expect((await screen.findByRole('alert')).textContent).toBe('This file is not a PNG or JPG image. Choose another one.');
    await user.click(save());
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    expect(formDataOf(api.requests[0]).has('avatar')).toBe(false);
  });

  it('shows the API’s messages beside their fields and the first in a toast, keeping what was typed', async () => {
    serveApi(() => ({
      status: 422,
      data: {
        message: 'The given data was invalid.',
        errors: { current_password: ['The current password is not correct.'], coupon: ['The coupon may not be longer than 60 characters.'] },
      },
    }));
    const { user } = await renderSettings();
    await user.type(field('Current password'), 'wrong');
    await user.type(field('New password'), 'an even better one');
    await user.click(save());

    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(toasts()).toEqual([{ kind: 'error', message: 'The current password is not correct.' }]);
    for (const [label, message] of [
      ['Current password', 'The current password is not correct.'],
      ['Coupon code (optional)', 'The coupon may not be longer than 60 characters.'],
    ] as const) {
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
      expect(descriptionOf(field(label))).toBe(message);
    }
    expect(field('Name').hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(field('Current password'));
    expect(screen.queryByText('The given data was invalid.')).toBeNull();
    expect(field('Current password').value).toBe('wrong');
    expect(field('New password').value).toBe('an even better one');
    expect(sessionStore.getState().user).toEqual(ana);
    expect(save().disabled).toBe(false);
  });

  it('shows the API’s message for the avatar beside it', async () => {
    serveApi(() => ({ status: 422, data: { message: 'The given data was invalid.', errors: { avatar: ['The avatar could not be read.'] } } }));
    const { user } = await renderSettings();
    await user.upload(field('Avatar'), jpegFile());
    await user.click(save());

    expect((await screen.findByRole('alert')).textContent).toBe('The avatar could not be read.');
    expect(field('Avatar').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field('Avatar'))).toContain('The avatar could not be read.');
    expect(document.activeElement).toBe(field('Avatar'));
  });

  it('shows a general message in the form when no field is to blame', async () => {
    serveApi(() => Promise.reject(new Error('Network Error')));
    const { user } = await renderSettings();
    await user.type(field('Name'), '!');
    await user.click(save());

    expect(await screen.findByText('Your settings could not be saved. Try again.')).toBeTruthy();
    expect(toasts()).toEqual([{ kind: 'error', message: 'Your settings could not be saved. Try again.' }]);
    expect(field('Name').value).toBe('Ana Pérez!');
    expect(sessionStore.getState().user).toEqual(ana);

    // A second try that works takes the message away.
    restoreApi();
    serveApi();
    await user.click(save());
    await vi.waitFor(() => expect(toasts()).toHaveLength(2));
    await settle();
    expect(screen.queryByText('Your settings could not be saved. Try again.')).toBeNull();
  });
});

describe('SettingsPage: my buying agent', () => {
  const agentSelect = () => field<HTMLSelectElement>('My buying agent');
  const choices = () => Array.from(agentSelect().options, (option) => [option.value, option.textContent]);

  it('offers none and the site’s agents in its order, showing the account’s choice, with its hint', async () => {
    sessionStore.setState({ user: { ...ana, preferred_agent: 'kakobuy' } });
    serveApi();
    await renderSettings();
    await vi.waitFor(() => expect(agentSelect().options).toHaveLength(4));
    expect(choices()).toEqual([
      ['', 'None'],
      ['cnfans', 'CNFans'],
      ['kakobuy', 'Kakobuy'],
      ['mulebuy', 'Mulebuy'],
    ]);
    expect(agentSelect().value).toBe('kakobuy');
    expect(descriptionOf(agentSelect())).toBe('Product pages offer you their links in this agent first.');
  });

  it('shows none for an account without one', async () => {
    sessionStore.setState({ user: { ...ana, preferred_agent: null } });
    serveApi();
    await renderSettings();
    await vi.waitFor(() => expect(agentSelect().options).toHaveLength(4));
    expect(agentSelect().value).toBe('');
  });

  it('keeps listing a saved agent the site no longer offers, and its choice while the list loads', async () => {
    sessionStore.setState({ user: { ...ana, preferred_agent: 'superbuy' } });
    const agents = deferred<Reply>();
    serveApi(undefined, () => agents.promise);
    await renderSettings();
    expect(choices()).toEqual([
      ['', 'None'],
      ['superbuy', 'Superbuy'],
    ]);
    expect(agentSelect().value).toBe('superbuy');

    agents.resolve(results(AGENTS));
    await vi.waitFor(() => expect(agentSelect().options).toHaveLength(5));
    expect(choices().at(-1)).toEqual(['superbuy', 'Superbuy']);
    expect(agentSelect().value).toBe('superbuy');
  });

  it('still offers none and the saved choice when the agents cannot be had', async () => {
    sessionStore.setState({ user: { ...ana, preferred_agent: 'cnfans' } });
    serveApi(undefined, () => ({ status: 503, data: { message: 'Unavailable' } }));
    await renderSettings();
    await settle();
    expect(choices()).toEqual([
      ['', 'None'],
      ['cnfans', 'CNFans'],
    ]);
  });

  it('saves a new choice in the account and then shows the account’s', async () => {
    const api = serveApi(() => updated({ preferred_agent: 'mulebuy' }));
    const { user } = await renderSettings();
    await vi.waitFor(() => expect(agentSelect().options).toHaveLength(4));
    await user.selectOptions(agentSelect(), 'Mulebuy');
    await user.click(save());

    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Your settings are saved.' }]));
    expect(formDataOf(api.requests[0]).get('preferred_agent')).toBe('mulebuy');
    expect(sessionStore.getState().user?.preferred_agent).toBe('mulebuy');
    expect(agentSelect().value).toBe('mulebuy');
  });

  it('clears the choice with none, sent empty', async () => {
    sessionStore.setState({ user: { ...ana, preferred_agent: 'cnfans' } });
    const api = serveApi(() => updated({ preferred_agent: null }));
    const { user } = await renderSettings();
    await vi.waitFor(() => expect(agentSelect().options).toHaveLength(4));
    await user.selectOptions(agentSelect(), 'None');
    await user.click(save());

    await vi.waitFor(() => expect(toasts()).toHaveLength(1));
    expect(formDataOf(api.requests[0]).get('preferred_agent')).toBe('');
    expect(sessionStore.getState().user?.preferred_agent).toBeNull();
    expect(agentSelect().value).toBe('');
  });

  it('saves the currency prices are shown in, and sends none it did not change', async () => {
    const api = serveApi(() => updated({ preferred_currency: 'GBP' }));
    const { user } = await renderSettings();
    const currency = screen.getByRole('combobox', { name: 'Currency for prices' }) as HTMLSelectElement;
    expect(Array.from(currency.options, (option) => option.value)).toEqual(['', 'EUR', 'USD', 'CNY', 'GBP']);
    expect(currency.value).toBe('');
    await user.selectOptions(currency, 'GBP · British Pound');
    await user.click(save());
    await vi.waitFor(() => expect(toasts()).toHaveLength(1));
    expect(formDataOf(api.requests[0]).get('preferred_currency')).toBe('GBP');
    expect(sessionStore.getState().user?.preferred_currency).toBe('GBP');

    await user.type(field('Name'), '!');
    await user.click(save());
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    expect(formDataOf(api.requests[1]).has('preferred_currency')).toBe(false);
  });

  it('sends no agent it did not change, and follows a choice made elsewhere meanwhile', async () => {
    sessionStore.setState({ user: { ...ana, preferred_agent: 'cnfans' } });
    const api = serveApi(() => updated({ preferred_agent: 'kakobuy', name: 'Ana P.' }));
    const { user } = await renderSettings();
    await vi.waitFor(() => expect(agentSelect().options).toHaveLength(4));
    // The header's picker saves another agent in the account.
    act(() => sessionStore.setState({ user: { ...ana, preferred_agent: 'kakobuy' } }));
    expect(agentSelect().value).toBe('kakobuy');

    await user.type(field('Name'), '!');
    await user.click(save());
    await vi.waitFor(() => expect(toasts()).toHaveLength(1));
    expect(formDataOf(api.requests[0]).has('preferred_agent')).toBe(false);
  });

  it('shows the API’s refusal of the agent beside it, which it marks invalid and focuses', async () => {
    serveApi(() => ({ status: 422, data: { message: 'Invalid.', errors: { preferred_agent: ['This agent is not offered here.'] } } }));
    const { user } = await renderSettings();
    await vi.waitFor(() => expect(agentSelect().options).toHaveLength(4));
    await user.selectOptions(agentSelect(), 'CNFans');
    await user.click(save());

    await screen.findByText('This agent is not offered here.');
    expect(agentSelect().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(agentSelect())).toBe('Product pages offer you their links in this agent first. This agent is not offered here.');
    expect(document.activeElement).toBe(agentSelect());
    expect(agentSelect().value).toBe('cnfans');
  });

  it('is labelled in the page’s language', async () => {
    serveApi();
    await renderAccount(<SettingsPage />, { route: '/es/auth/settings' });
    await act(() => i18n.changeLanguage('es'));
    try {
      const select = await screen.findByLabelText<HTMLSelectElement>('Mi agente de compra');
      expect(select.options[0]?.textContent).toBe('Ninguno');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
