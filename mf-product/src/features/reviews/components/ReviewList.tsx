import type { Valoration } from '@linkhunt/contracts/product';
import { ReviewCard } from '@linkhunt/shared-ui/components/review-card/ReviewCard.tsx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './Reviews.module.css';

export function ReviewList({ valorations }: { valorations: Valoration[] }) {
  const { t } = useTranslation(NAMESPACE);
  if (valorations.length === 0) return <p className={styles.none}>{t('reviews.none')}</p>;
  return (
    <ul role="list" className={styles.list} aria-label={t('reviews.listLabel')}>
      {valorations.map((valoration) => (
        <li key={valoration.id}>
          <ReviewCard valoration={valoration} />
        </li>
      ))}
    </ul>
  );
}
