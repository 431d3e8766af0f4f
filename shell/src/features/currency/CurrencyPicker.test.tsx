import { PREFERRED_CURRENCY_STORAGE_KEY } from '@linkhunt/contracts/prices';
import { preferredCurrency } from '@linkhunt/shared-ui/features/currency/preferred-currency.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { fakeApi, restoreApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderOnServerThenHydrate } from '@linkhunt/shared-ui/test/hydrate.tsx';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { registerUiLocales } from '@linkhunt/shared-ui/locales/register-ui-locales.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { CurrencyPicker, FooterCurrencyPicker } from './CurrencyPicker.tsx';

/** POST /auth/update, answering the account with the currency it was sent. */
const fakeProfileApi = () =>
  fakeApi((request) => {
    const sent = request.data instanceof FormData ? request.data.get('preferred_currency') : null;
    return { data: { user: { data: anOwnUser({ preferred_currency: sent ? (sent as 'GBP') : null }) } } };
  });

const select = () => screen.getByRole('combobox', { name: 'Currency' }) as HTMLSelectElement;
/** What the closed control shows. */
const face = (container: HTMLElement = document.body) => container.querySelector('label > [aria-hidden="true"]')?.textContent;

beforeAll(async () => {
  await loadShellWords();
  registerUiLocales();
  await i18n.loadNamespaces('ui');
});
beforeEach(() => {
  sessionStore.setState({ status: 'unauthenticated', user: null });
  preferredCurrency.store().setState({ value: null });
});
afterEach(() => {
  restoreApi();
  localStorage.clear();
  sessionStore.setState({ status: 'pending', user: null });
});

describe('CurrencyPicker', () => {
  it('shows the language’s currency until the visitor chooses, and keeps the choice in the browser', async () => {
    const api = fakeProfileApi();
    const { user } = await renderWithProviders(<CurrencyPicker />);
    expect(Array.from(select().options, (option) => option.textContent)).toEqual(['EUR · Euro', 'USD · US Dollar', 'CNY · Chinese Yuan', 'GBP · British Pound']);
    expect(select().value).toBe('USD');
    expect(face()).toBe('$USD');
    await user.selectOptions(select(), 'EUR · Euro');
    expect(face()).toBe('€EUR');
    expect(localStorage.getItem(PREFERRED_CURRENCY_STORAGE_KEY)).toBe('EUR');
    expect(api.requests).toEqual([]);
  });

  it('saves a signed-in user’s choice to their account', async () => {
    sessionStore.setState({ status: 'authenticated', user: anOwnUser({ preferred_currency: null }) });
    const api = fakeProfileApi();
    const { user } = await renderWithProviders(<CurrencyPicker />);
    await user.selectOptions(select(), 'GBP · British Pound');
    await waitFor(() => expect(sessionStore.getState().user?.preferred_currency).toBe('GBP'));
    const update = api.requests.find((request) => request.url === '/auth/update');
    expect(update?.data instanceof FormData && update.data.get('preferred_currency')).toBe('GBP');
  });

  it('renders the language’s currency on the server, whatever the visitor chose, then theirs once hydrated', async () => {
    localStorage.setItem(PREFERRED_CURRENCY_STORAGE_KEY, 'CNY');
    preferredCurrency.store().setState({ value: 'CNY' });
    const view = await renderOnServerThenHydrate(
      <I18nextProvider i18n={i18n}>
        <CurrencyPicker />
      </I18nextProvider>,
    );
    try {
      expect(view.serverHtml).toContain('<option value="USD" selected="">');
      expect(view.serverHtml).toContain('disabled=""');
      expect(view.complaints).toEqual([]);
      const hydrated = within(view.container).getByRole('combobox', { name: 'Currency' }) as HTMLSelectElement;
      expect(hydrated.disabled).toBe(false);
      expect(hydrated.value).toBe('CNY');
      expect(face(view.container)).toBe('¥CNY');
    } finally {
      view.unmount();
    }
  });

  it('has a labelled twin for the footer, which phones use, sharing the one choice', async () => {
    const { user } = await renderWithProviders(
      <>
        <CurrencyPicker />
        <FooterCurrencyPicker />
      </>,
    );
    const [header, footer] = screen.getAllByRole('combobox', { name: 'Currency' }) as HTMLSelectElement[];
    await user.selectOptions(footer as HTMLSelectElement, 'CNY · Chinese Yuan');
    expect(header?.value).toBe('CNY');
    expect(localStorage.getItem(PREFERRED_CURRENCY_STORAGE_KEY)).toBe('CNY');
  });
});
