import { VERIFIED_MARK_DAYS } from '@linkhunt/contracts/link-health';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { useTranslation } from 'react-i18next';
import { useClientNow } from '../../features/ssr/use-client-now.ts';
import { cx } from '../../styles/class-names.ts';
import { isRecentlyVerified } from './link-verified.ts';
import { VerifiedIcon } from './VerifiedIcon.tsx';
import styles from './VerifiedMark.module.css';

/**
 * The card's "link verified" mark, over the picture's top corner. Whether it shows depends on now (within
 * VERIFIED_MARK_DAYS), so it is drawn only once the browser's clock is known (useClientNow): the server and the
 * hydrating render both leave it out, and it cannot appear on one side of the 7-day line and not the other.
 * Placed over the picture, its arrival moves nothing on the card.
 */
export function VerifiedMark({ product, className }: { product: Pick<ProductSummary, 'link_state' | 'links_checked_at'>; className?: string }) {
  const { t } = useTranslation('ui');
  const now = useClientNow();
  if (now === null || !isRecentlyVerified(product, now)) return null;
  const label = t('product.verifiedLabel', { days: VERIFIED_MARK_DAYS });
  return (
    <span className={cx(styles.mark, className)} data-verified-mark>
      <VerifiedIcon className={styles.icon} />
      {/* The short word for the eye, the whole sentence for the ear: one of them only, never both. */}
      <span className={styles.word} aria-hidden="true">
        {t('product.verified')}
      </span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
