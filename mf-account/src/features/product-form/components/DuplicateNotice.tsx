import type { DuplicateProduct } from '@linkhunt/contracts/product';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './DuplicateNotice.module.css';

const THUMBNAIL_SIZE = 64;

/**
 * The product already listed with the link the form sent (a 409 `product.duplicate`): its picture and title,
 * linking to its page in the page's language, and who listed it. An alert, so it is heard where it appears, under
 * the field whose link matched (the form keeps the focus there, marked invalid).
 */
export function DuplicateNotice({ existing }: { existing: DuplicateProduct['existing'] }) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  return (
    <div role="alert" className={styles.notice} data-testid="duplicate-product">
      <Link to={langPath(`/product/${encodeURIComponent(existing.slug)}`)} className={styles.product}>
        <img className={styles.thumbnail} src={imageUrl(existing.thumbnail)} alt="" width={THUMBNAIL_SIZE} height={THUMBNAIL_SIZE} decoding="async" />
        <span className={styles.title}>{existing.title}</span>
      </Link>
      <p className={styles.by}>{t('productForm.duplicate.by', { username: existing.username })}</p>
    </div>
  );
}
