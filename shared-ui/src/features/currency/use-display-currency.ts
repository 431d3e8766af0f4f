import { type Currency, DEFAULT_CURRENCY_BY_LANGUAGE } from '@linkhunt/contracts/prices';
import { isContentLanguage } from '@linkhunt/contracts/content-language';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../ssr/use-hydrated.ts';
import { preferredCurrency } from './preferred-currency.ts';

/** The language's default currency; a language the site does not have gets the base's. */
export function defaultCurrencyOf(language: string): Currency {
  const code = language.split('-')[0];
  return isContentLanguage(code) ? DEFAULT_CURRENCY_BY_LANGUAGE[code] : 'EUR';
}

/**
 * The currency prices are shown in: the visitor's choice, else their language's default. Null on the server and
 * while hydrating: prices then show as entered, so a page renders the same for everyone and stays cacheable.
 */
export function useDisplayCurrency(): Currency | null {
  const hydrated = useHydrated();
  const chosen = preferredCurrency.useValue();
  const { i18n } = useTranslation();
  if (!hydrated) return null;
  return chosen ?? defaultCurrencyOf(i18n.language);
}

/**
 * The currency a control names: the one prices are shown in, or before hydration the language's default, which is
 * what the server rendered.
 */
export function useNamedCurrency(): Currency {
  const currency = useDisplayCurrency();
  const { i18n } = useTranslation();
  return currency ?? defaultCurrencyOf(i18n.language);
}
