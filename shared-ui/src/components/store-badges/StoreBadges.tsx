import { STORES, type Store } from '@linkhunt/contracts/limits';
import { useTranslation } from 'react-i18next';
import { cx } from '../../styles/class-names.ts';
import styles from './StoreBadges.module.css';
import { STORE_NAMES } from './store-names.ts';

interface Props {
  /**
   * The stores a product has a link on (ProductSummary.platforms); nothing is shown for none. Undefined from an
   * API older than the field (a site deployed before its API), which shows nothing rather than failing the card.
   */
  platforms: readonly Store[] | undefined;
  className?: string;
}

/**
 * A small badge per store a product can be bought on, always in the same order. Screen readers hear one
 * sentence ("Available on Hacoo and DHGate") rather than three loose words.
 */
export function StoreBadges({ platforms, className }: Props) {
  const { t, i18n } = useTranslation('ui');
  const stores = STORES.filter((store) => platforms?.includes(store));
  if (stores.length === 0) return null;
  const names = new Intl.ListFormat(i18n.resolvedLanguage ?? i18n.language, { type: 'conjunction' }).format(stores.map((store) => STORE_NAMES[store]));
  return (
    <p className={cx(styles.badges, className)}>
      <span className="visually-hidden">{t('stores.availableOn', { stores: names })}</span>
      {stores.map((store) => (
        <span key={store} className={cx(styles.badge, styles[store])} aria-hidden="true">
          {STORE_NAMES[store]}
        </span>
      ))}
    </p>
  );
}
