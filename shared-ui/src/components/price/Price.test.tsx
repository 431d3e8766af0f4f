import { PREFERRED_CURRENCY_STORAGE_KEY } from '@linkhunt/contracts/prices';
import { act, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { preferredCurrency } from '../../features/currency/preferred-currency.ts';
import { i18n } from '../../features/i18n/i18n.ts';
import { fakeApi, restoreApi, results } from '../../test/fake-api.ts';
import { renderOnServerThenHydrate } from '../../test/hydrate.tsx';
import { renderWithProviders } from '../../test/render.tsx';
import { settle } from '../../test/settle.ts';
import { Price } from './Price.tsx';

/** 1 EUR = 7.8 CNY = 1.08 USD = 0.85 GBP. */
const rates = { base: 'EUR', date: '2026-12-04', fetched_at: '2026-12-04T16:00:00Z', rates: { EUR: 1, USD: 1.08, CNY: 7.8, GBP: 0.85 } };
const serveRates = () => fakeApi((request) => (request.url === '/rates' ? results(rates) : { status: 404 }));

afterEach(async () => {
  restoreApi();
  localStorage.clear();
  await act(() => preferredCurrency.choose(null));
});

describe('Price', () => {
  it('is written as entered on the server and while hydrating, then converted to the language’s currency and marked approximate', async () => {
    await renderWithProviders(<></>);
    const api = serveRates();
    const view = await renderOnServerThenHydrate(
      <I18nextProvider i18n={i18n}>
        <Price price={{ amount_minor: 8900, currency: 'CNY' }} showEntered />
      </I18nextProvider>,
    );
    try {
      expect(view.serverHtml).toContain('CN¥89.00');
      expect(view.serverHtml).not.toContain('≈');
      expect(view.complaints).toEqual([]);
      // English visitors see dollars unless they choose: 89 CNY / 7.8 * 1.08 = 12.323… → $12.32.
      await waitFor(() => expect(view.container.textContent).toBe('≈ approximately $12.32 (CN¥89.00 on the store)'));
      expect(api.requests.map((r) => r.url)).toEqual(['/rates']);
    } finally {
      view.unmount();
    }
  });

  it('follows the visitor’s choice, and asks for no rates when the price is already in their currency', async () => {
    localStorage.setItem(PREFERRED_CURRENCY_STORAGE_KEY, 'EUR');
    const api = serveRates();
    await renderWithProviders(<Price price={{ amount_minor: 1240, currency: 'EUR' }} />);
    expect(screen.getByText('€12.40')).toBeTruthy();
    await act(() => preferredCurrency.choose('GBP'));
    // 12.40 EUR * 0.85 = 10.54 GBP.
    await waitFor(() => expect(document.body.textContent).toBe('≈ approximately £10.54'));
    expect(api.requests.map((r) => r.url)).toEqual(['/rates']);
  });

  it('stays as entered when the rates cannot be had', async () => {
    const api = fakeApi(() => ({ status: 503 }));
    await renderWithProviders(<Price price={{ amount_minor: 8900, currency: 'CNY' }} />);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await settle();
    expect(document.body.textContent).toBe('CN¥89.00');
  });
});
