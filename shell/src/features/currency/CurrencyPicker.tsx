import { CURRENCIES, isCurrency } from '@linkhunt/contracts/prices';
import { preferredCurrency } from '@linkhunt/shared-ui/features/currency/preferred-currency.ts';
import { useNamedCurrency } from '@linkhunt/shared-ui/features/currency/use-display-currency.ts';
import { currencyName, currencySymbol } from '@linkhunt/shared-ui/features/currency/format-money.ts';
import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './CurrencyPicker.module.css';

/** The select's own props, the same in both places. */
function useCurrencySelect() {
  const { i18n } = useTranslation('ui');
  const hydrated = useHydrated();
  const currency = useNamedCurrency();
  const select = {
    value: currency,
    // A choice made before hydration would be lost: the menu opens once it can act.
    disabled: !hydrated,
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const value = event.target.value;
      if (isCurrency(value)) void preferredCurrency.choose(value);
    },
    children: CURRENCIES.map((option) => (
      <option key={option} value={option}>
        {`${option} · ${currencyName(option, i18n.language)}`}
      </option>
    )),
  };
  return { currency, select };
}

/**
 * The header's currency: what prices are shown in. The server renders the language's default (the page's URL
 * names the language, so the page stays the same for everyone); a visitor's own choice applies after hydration,
 * inside a face of fixed width, so nothing in the header moves. Phones have no room for it in the header (the
 * search box's placeholder must fit): there it is in the footer (FooterCurrencyPicker).
 */
export function CurrencyPicker() {
  const { t, i18n } = useTranslation('ui');
  const { currency, select } = useCurrencySelect();
  return (
    <label className={styles.wrapper}>
      <span className="visually-hidden">{t('currency.label')}</span>
      {/* The closed control shows the symbol (and the code on wider screens); the invisible native select over it keeps the full names. */}
      <span className={styles.face} aria-hidden="true">
        <span className={styles.symbol}>{currencySymbol(currency, i18n.language)}</span>
        <span className={styles.code}>{currency}</span>
        <svg className={styles.chevron} viewBox="0 0 12 12" width="10" height="10">
          <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </span>
      <select className={styles.select} {...select} />
    </label>
  );
}

/** The currency on phones, where the header has no room for it: a labelled select in the footer. */
export function FooterCurrencyPicker() {
  const { t } = useTranslation('ui');
  const id = useId();
  const { select } = useCurrencySelect();
  return (
    <div className={styles.footerPicker}>
      <label htmlFor={id}>{t('currency.label')}</label>
      <select id={id} className={styles.footerSelect} {...select} />
    </div>
  );
}
