import { CURRENCIES, type Currency, isCurrency } from '@linkhunt/contracts/prices';
import { currencyName } from '@linkhunt/shared-ui/features/currency/format-money.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage } from '../../../components/FieldMessage.tsx';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './PriceField.module.css';

interface Props {
  amount: string;
  currency: Currency;
  onChange: (change: { price_amount?: string; price_currency?: Currency }) => void;
  /** The API's messages for the amount and the currency. */
  errors: { amount?: string; currency?: string };
}

/**
 * The optional price: an amount as typed ("12.40" or "12,40") and its currency, side by side in one group. The API
 * reads the amount; the form only keeps what was typed, so a comma or a stray space is never lost.
 */
export function PriceField({ amount, currency, onChange, errors }: Props) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const id = useId();
  const described = (field: 'amount' | 'currency', hint: boolean) =>
    [hint && `${id}-hint`, errors[field] && `${id}-${field}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={styles.price}>
      <legend>{t('productForm.fields.price')}</legend>
      <div className={styles.row}>
        <div className={`field ${styles.amount}`}>
          <label htmlFor={`${id}-amount`}>{t('productForm.priceAmount')}</label>
          <input
            id={`${id}-amount`}
            name="price_amount"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            placeholder="0.00"
            value={amount}
            onChange={(event) => onChange({ price_amount: event.target.value })}
            aria-describedby={described('amount', true)}
            aria-invalid={errors.amount ? true : undefined}
          />
        </div>
        <div className={`field ${styles.currency}`}>
          <label htmlFor={`${id}-currency`}>{t('productForm.priceCurrency')}</label>
          <select
            id={`${id}-currency`}
            name="price_currency"
            value={currency}
            onChange={(event) => {
              if (isCurrency(event.target.value)) onChange({ price_currency: event.target.value });
            }}
            aria-describedby={described('currency', false)}
            aria-invalid={errors.currency ? true : undefined}
          >
            {CURRENCIES.map((option) => (
              <option key={option} value={option}>
                {`${option} · ${currencyName(option, i18n.language)}`}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {t('productForm.priceHint')}
      </p>
      <FieldMessage id={`${id}-amount-error`} message={errors.amount} />
      <FieldMessage id={`${id}-currency-error`} message={errors.currency} />
    </fieldset>
  );
}
