import { Toaster } from '@linkhunt/shared-ui/components/toaster/Toaster.tsx';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { deferred, fakeApi, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { describeRequest, resetAccountState, toasts } from '../test/account-test-kit.ts';
import { renderAccount } from '../test/render-account.tsx';
import { VerifyNotice } from './VerifyNotice.tsx';

const unverified = anOwnUser({ verified: false, email: 'new@example.com' });

async function renderNotice() {
  return renderAccount(
    <>
      <VerifyNotice />
      <Toaster />
    </>,
    { route: '/en/auth/products' },
  );
}

const notice = () => screen.getByTestId('verify-notice');

afterEach(() => resetAccountState());

describe('VerifyNotice', () => {
  it('asks a signed-in, unverified user to check the inbox, and says what waits until then', async () => {
    sessionStore.setState({ status: 'authenticated', user: unverified });
    await renderNotice();
    expect(notice().textContent).toContain('Check your inbox to verify new@example.com.');
    expect(notice().textContent).toContain('Until your address is verified, your reviews earn no points and you can upload only a few products.');
    expect(within(notice()).getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });

  it('says nothing to a verified user, a visitor or while the session is being checked', async () => {
    for (const state of [
      { status: 'authenticated', user: anOwnUser({ verified: true }) },
      { status: 'unauthenticated', user: null },
      { status: 'pending', user: null },
    ] as const) {
      sessionStore.setState(state);
      const { unmount } = await renderNotice();
      expect(screen.queryByTestId('verify-notice')).toBeNull();
      unmount();
    }
  });

  it('sends a new link, busy and not clickable again while the request is out', async () => {
    sessionStore.setState({ status: 'authenticated', user: unverified });
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    const { user } = await renderNotice();
    const button = within(notice()).getByRole('button', { name: 'Send the link again' }) as HTMLButtonElement;
    await user.click(button);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    expect(api.requests.map(describeRequest)).toEqual(['POST /auth/verify/resend']);

    answer.resolve({ data: { message: 'Verification mail sent.' } });
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'We have sent a new link to new@example.com.' }]));
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('passes on the API\'s words when asked again too soon (429)', async () => {
    sessionStore.setState({ status: 'authenticated', user: unverified });
    fakeApi(() => ({ status: 429, data: { message: 'A mail was sent a moment ago. Try again in 60 seconds.' } }));
    const { user } = await renderNotice();
    await user.click(within(notice()).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'A mail was sent a moment ago. Try again in 60 seconds.' }]));
    expect((within(notice()).getByRole('button', { name: 'Send the link again' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('falls back to its own words when the API cannot be reached', async () => {
    sessionStore.setState({ status: 'authenticated', user: unverified });
    fakeApi(() => Promise.reject(new Error('Network Error')));
    const { user } = await renderNotice();
    await user.click(within(notice()).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'The link could not be sent. Try again.' }]));
  });

  it('goes once the session says the address is verified', async () => {
    sessionStore.setState({ status: 'authenticated', user: unverified });
    await renderNotice();
    expect(notice()).toBeTruthy();
    sessionStore.setState({ user: { ...unverified, verified: true } });
    await waitFor(() => expect(screen.queryByTestId('verify-notice')).toBeNull());
  });
});
