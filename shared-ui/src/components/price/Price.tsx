import { convertMinor, type Price as PriceValue } from '@linkhunt/contracts/prices';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../features/currency/format-money.ts';
import { useDisplayCurrency } from '../../features/currency/use-display-currency.ts';
import { useRates } from '../../features/currency/use-rates.ts';
import { cx } from '../../styles/class-names.ts';
import styles from './Price.module.css';

interface Props {
  price: PriceValue;
  /** After a converted amount, the price as entered ("¥89.00 on the store"): where there is room for it. */
  showEntered?: boolean;
  className?: string;
}

/**
 * A product's price in the visitor's currency. The server, and the browser until hydrated, write it as entered,
 * so cached pages are the same for everyone; then it is converted at the reference rates (GET /rates) and marked
 * as approximate ("≈ €12.40"). Without rates it stays as entered.
 */
export function Price({ price, showEntered = false, className }: Props) {
  const { t, i18n } = useTranslation('ui');
  const language = i18n.language;
  const currency = useDisplayCurrency();
  const converting = currency !== null && currency !== price.currency;
  const rates = useRates(converting);
  const entered = formatMoney(price.amount_minor, price.currency, language);
  if (!converting || !rates || !currency) {
    return (
      <span className={cx(styles.price, className)} data-currency={price.currency}>
        {entered}
      </span>
    );
  }
  const converted = formatMoney(convertMinor(price.amount_minor, price.currency, currency, rates.rates), currency, language);
  return (
    <span className={cx(styles.price, className)} data-currency={currency} title={t('price.entered', { price: entered })}>
      <span aria-hidden="true">≈ </span>
      <span className="visually-hidden">{t('price.about')} </span>
      {converted}
      {showEntered && <span className={styles.entered}> ({t('price.entered', { price: entered })})</span>}
    </span>
  );
}
