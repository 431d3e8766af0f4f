import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { CONSENT_KEY, initConsentMode } from './consent-mode.ts';
import { ConsentBanner } from './ConsentBanner.tsx';

const lastPush = () => Array.from(window.dataLayer.at(-1) as ArrayLike<unknown>);
const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

beforeAll(loadShellWords);
beforeEach(() => {
  window.dataLayer = [];
  localStorage.clear();
});

describe('ConsentBanner', () => {
  it('links the cookies policy while undecided', async () => {
    initConsentMode();
    await renderWithProviders(<ConsentBanner />);
    const link = within(banner() as HTMLElement).getByRole('link', { name: 'cookies policy' });
    expect(link.getAttribute('href')).toBe('/en/cookies-policy');
  });

  it.each([
    ['Accept', 'granted'],
    ['Close', 'denied'],
  ] as const)('%s keeps the choice, updates consent and hides the banner', async (button, choice) => {
    initConsentMode();
    const { user } = await renderWithProviders(<ConsentBanner />);
    await user.click(screen.getByRole('button', { name: button }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe(choice);
    expect(lastPush()).toEqual([
      'consent',
      'update',
      { ad_storage: choice, ad_user_data: choice, analytics_storage: choice, ad_personalization: choice },
    ]);
    expect(banner()).toBeNull();
  });

  it('is not shown once a choice is stored', async () => {
    localStorage.setItem(CONSENT_KEY, 'denied');
    initConsentMode();
    await renderWithProviders(<ConsentBanner />);
    expect(banner()).toBeNull();
    expect(screen.queryByTestId('consent-banner')).toBeNull();
  });
});
