import { Toaster } from '@linkhunt/shared-ui/components/toaster/Toaster.tsx';
import { deferred, fakeApi, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { describeRequest, resetAccountState, toasts } from '../../../test/account-test-kit.ts';
import { renderAccount } from '../../../test/render-account.tsx';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';

const SENT: Reply = { data: { message: 'If an account uses that address, a link is on its way.' } };

async function renderForgot() {
  const view = await renderAccount(
    <>
      <ForgotPasswordPage />
      <Toaster />
    </>,
    { route: '/en/forgot-password' },
  );
  return view;
}

async function ask(user: Awaited<ReturnType<typeof renderForgot>>['user'], email: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send me a link' }));
}

afterEach(() => resetAccountState());

describe('ForgotPasswordPage', () => {
  it('posts the address and the site language, then says where the link went and takes the focus there', async () => {
    const api = fakeApi(() => SENT);
    const { user } = await renderForgot();
    await ask(user, ' ana@example.com ');

    const sent = await screen.findByTestId('forgot-sent');
    expect(sent.textContent).toContain('Check your inbox: if an account uses ana@example.com, we have sent it a link to choose a new password.');
    expect(sent.textContent).toContain('The link works once and for a limited time.');
    expect(document.activeElement).toBe(sent);
    expect(api.requests.map(describeRequest)).toEqual(['POST /auth/forgot']);
    expect(JSON.parse(String(api.requests[0]?.data))).toEqual({ email: 'ana@example.com', language: 'en' });
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('says the same for an address no account uses: the API answers alike, and so does the page', async () => {
    fakeApi(() => SENT);
    const { user } = await renderForgot();
    await ask(user, 'nobody@example.com');
    const sent = await screen.findByTestId('forgot-sent');
    expect(sent.textContent).toContain('Check your inbox: if an account uses nobody@example.com, we have sent it a link to choose a new password.');
    expect(toasts()).toEqual([]);
  });

  it('is busy while the request is out', async () => {
    const answer = deferred<Reply>();
    fakeApi(() => answer.promise);
    const { user } = await renderForgot();
    await ask(user, 'ana@example.com');
    const button = screen.getByRole('button', { name: 'Send me a link' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    answer.resolve(SENT);
    await screen.findByTestId('forgot-sent');
  });

  it('keeps the form, with the API\'s words, when the request is refused (asked too often)', async () => {
    fakeApi(() => ({ status: 429, data: { message: 'Too many requests. Try again in a minute.' } }));
    const { user } = await renderForgot();
    await ask(user, 'ana@example.com');
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'Too many requests. Try again in a minute.' }]));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
    expect(screen.queryByTestId('forgot-sent')).toBeNull();
  });

  it('goes back to the form for another address', async () => {
    fakeApi(() => SENT);
    const { user } = await renderForgot();
    await ask(user, 'ana@example.com');
    await user.click(await screen.findByRole('button', { name: 'Use another address' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
  });

  it('has its title, no index and a way back to log in', async () => {
    await renderForgot();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Forgot your password?');
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/en/auth');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    await waitFor(() => expect(document.title).toBe('Forgot your password? | Linkhunt'));
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect([email.type, email.autocomplete, email.required]).toEqual(['email', 'email', true]);
  });
});
