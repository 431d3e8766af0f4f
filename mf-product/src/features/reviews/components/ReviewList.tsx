import type { Valoration } from '@linkhunt/contracts/product';
import { ReviewCard } from '@linkhunt/shared-ui/components/review-card/ReviewCard.tsx';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { RemoveReviewPhotos } from './RemoveReviewPhotos.tsx';
import styles from './Reviews.module.css';

/**
 * Every review is shown, also those by accounts whose address is not verified yet: they only do not count in
 * the rating (issue 25), and a note under them says so; their author reads that theirs counts once verified.
 */
export function ReviewList({ valorations, onChanged }: { valorations: Valoration[]; onChanged: (valoration: Valoration) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const userId = useSession((state) => state.user?.id);
  const role = useSession((state) => state.user?.role);
  // Moderators remove other people's photos (the API refuses it on their own review).
  const moderates = role === 'moderator' || role === 'admin';
  if (valorations.length === 0) return <p className={styles.none}>{t('reviews.none')}</p>;
  return (
    <ul role="list" className={styles.list} aria-label={t('reviews.listLabel')}>
      {valorations.map((valoration) => (
        <li key={valoration.id}>
          <ReviewCard valoration={valoration}>
            {moderates && valoration.photos.length > 0 && valoration.user.id !== userId && <RemoveReviewPhotos valoration={valoration} onRemoved={onChanged} />}
          </ReviewCard>
          {!valoration.counted && (
            <p className={styles.uncounted}>{t(valoration.user.id === userId ? 'reviews.uncountedMine' : 'reviews.uncounted')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
