import type { Valoration } from '@linkhunt/contracts/product';
import { StarRating } from '@linkhunt/shared-ui/components/star-rating/StarRating.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@linkhunt/shared-ui/features/i18n/format-date.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './Reviews.module.css';

export function ReviewList({ valorations }: { valorations: Valoration[] }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  if (valorations.length === 0) return <p className={styles.none}>{t('reviews.none')}</p>;
  return (
    <ul role="list" className={styles.list} aria-label={t('reviews.listLabel')}>
      {valorations.map((valoration) => (
        <li key={valoration.id} className={styles.review}>
          <div className={styles.reviewHead}>
            <Link to={langPath(`/user/${valoration.user.username}`)} className={styles.author}>
              {valoration.user.name}
            </Link>
            <time dateTime={valoration.created_at} className={styles.date}>
              {formatDate(valoration.created_at, i18n.language, 'medium')}
            </time>
          </div>
          <StarRating rating={{ average: valoration.stars, count: 1 }} single />
          {valoration.review && <p className={styles.text}>{valoration.review}</p>}
        </li>
      ))}
    </ul>
  );
}
