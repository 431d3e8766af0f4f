import type { Currency } from '@linkhunt/contracts/prices';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol } from '../../features/currency/format-money.ts';
import { readPriceBound } from '../../features/listing/listing-params.ts';
import styles from './ListingFilters.module.css';

interface Props {
  min: number | null;
  max: number | null;
  /** What the bounds are in: the range's own currency, else the visitor's. */
  currency: Currency;
  onChange: (range: { min: number | null; max: number | null; currency: Currency }) => void;
}

/**
 * A price range: "from" and "to" in the visitor's currency, applied when a box is left or Enter is pressed (not on
 * every key, which would load a list per digit). Without JavaScript they are plain fields of the GET form, with the
 * currency beside them. What cannot be read as an amount counts as no bound.
 */
export function PriceRangeGroup({ min, max, currency, onChange }: Props) {
  const { t, i18n } = useTranslation('ui');
  const legendId = useId();
  const minBox = useTypedBound(min);
  const maxBox = useTypedBound(max);
  const boxes = { min: minBox, max: maxBox };

  const commit = () => {
    const next = { min: readPriceBound(minBox.text), max: readPriceBound(maxBox.text) };
    if (next.min !== min || next.max !== max) onChange({ ...next, currency });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };
  const symbol = currencySymbol(currency, i18n.language);
  const box = (bound: 'min' | 'max') => (
    <div className={styles.priceBound}>
      <label htmlFor={`${legendId}-${bound}`} className={styles.priceLabel}>
        {t(bound === 'min' ? 'filters.priceFrom' : 'filters.priceTo')}{' '}
        <span className="visually-hidden">({currency})</span>
      </label>
      <span className={styles.priceInput}>
        <span aria-hidden="true">{symbol}</span>
        <input
          id={`${legendId}-${bound}`}
          name={`price_${bound}`}
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={boxes[bound].text}
          onChange={(event) => boxes[bound].setText(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
      </span>
    </div>
  );
  return (
    <div className={styles.group} role="group" aria-labelledby={legendId}>
      <span id={legendId} className={styles.legend}>
        {t('filters.price')}
      </span>
      <div className={styles.priceRange}>
        <input type="hidden" name="currency" value={currency} />
        {box('min')}
        {box('max')}
      </div>
    </div>
  );
}

/**
 * A box's text: as typed until applied. A new value of its own bound in the URL (Back, "Clear", the other box's
 * commit landing first leaves this one alone) starts it again from the URL.
 */
function useTypedBound(applied: number | null): { text: string; setText: (text: string) => void } {
  const fromUrl = applied === null ? '' : String(applied);
  const [typed, setTyped] = useState({ applied: fromUrl, text: fromUrl });
  if (typed.applied !== fromUrl) setTyped({ applied: fromUrl, text: fromUrl });
  const text = typed.applied === fromUrl ? typed.text : fromUrl;
  return { text, setText: (next) => setTyped({ applied: fromUrl, text: next }) };
}
