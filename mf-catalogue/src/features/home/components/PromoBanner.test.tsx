import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderLoaded } from '../../../test/render-loaded.tsx';
import { PromoBanner } from './PromoBanner.tsx';

afterEach(() => sessionStore.setState({ status: 'pending', user: null }));

const promo = () => screen.queryByRole('region', { name: 'Found something good? Share it.' });

describe('PromoBanner', () => {
  it('invites a signed-out visitor to create an account or log in', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    await renderLoaded(<PromoBanner />);
    const banner = promo();
    expect(banner).not.toBeNull();
    if (!banner) return;
    expect(within(banner).getByRole('heading', { level: 2 }).textContent).toBe('Found something good? Share it.');
    expect(banner.textContent).toContain('earn 20 points for each one');
    expect(within(banner).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Create an account', '/en/auth/register'],
      ['Log in', '/en/auth'],
    ]);
  });

  it('is hidden from a signed-in visitor', async () => {
    sessionStore.setState({ status: 'authenticated', user: anOwnUser() });
    const { container } = await renderLoaded(<PromoBanner />);
    expect(promo()).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('waits for the session check, showing nothing until it says the visitor is signed out', async () => {
    sessionStore.setState({ status: 'pending', user: null });
    const { container } = await renderLoaded(<PromoBanner />);
    expect(container.textContent).toBe('');

    act(() => sessionStore.setState({ status: 'unauthenticated', user: null }));
    expect(promo()).not.toBeNull();
    act(() => sessionStore.setState({ status: 'authenticated', user: anOwnUser() }));
    expect(promo()).toBeNull();
  });
});
