import type { Product, Rating, Valoration } from '@linkhunt/contracts/product';
import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { StarRating } from '@linkhunt/shared-ui/components/star-rating/StarRating.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { ReviewForm } from './ReviewForm.tsx';
import { ReviewList } from './ReviewList.tsx';
import styles from './Reviews.module.css';

interface Props {
  product: Pick<Product, 'id' | 'hidden' | 'rating' | 'valorations' | 'user'>;
  onReviewed: (valoration: Valoration, rating: Rating) => void;
}

const RULES = ['honest', 'respectful', 'noLinks'] as const;

/** Spec section 2: the reviews, and the form to add one next to the community rules. */
export function Reviews({ product, onReviewed }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const valorations = product.valorations.data;
  const titleId = useId();
  const rulesId = useId();
  return (
    <section className={styles.reviews} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {t('reviews.title')}
        </h2>
        <StarRating rating={product.rating} size="md" />
      </div>
      <div className={styles.layout}>
        <ReviewList valorations={valorations} onChanged={(valoration) => onReviewed(valoration, product.rating)} />
        <div className={styles.side}>
          <h3 className={styles.formTitle}>{t('reviews.write')}</h3>
          <FormOrPrompt product={product} onReviewed={onReviewed} />
          <aside className={styles.rules} aria-labelledby={rulesId}>
            <h4 id={rulesId}>{t('reviews.rules.title')}</h4>
            <ul>
              {RULES.map((rule) => (
                <li key={rule}>{t(`reviews.rules.${rule}`)}</li>
              ))}
            </ul>
          </aside>
        </div>
      </div>
    </section>
  );
}

function FormOrPrompt({ product, onReviewed }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const location = useLocation();
  const status = useSession((state) => state.status);
  const userId = useSession((state) => state.user?.id);
  if (status === 'pending') return null;
  if (status === 'unauthenticated') {
    return (
      <div className={styles.prompt}>
        <p>{t('reviews.loginPrompt')}</p>
        <div className={styles.promptActions}>
          <ButtonLink to={langPath('/auth/register')} state={{ from: location }}>
            {t('reviews.register')}
          </ButtonLink>
          <ButtonLink to={langPath('/auth')} state={{ from: location }} variant="secondary">
            {t('reviews.login')}
          </ButtonLink>
        </div>
      </div>
    );
  }
  if (product.hidden === 1) return <p className={styles.note}>{t('reviews.unavailable')}</p>;
  if (product.user && product.user.id === userId) return <p className={styles.note}>{t('reviews.own')}</p>;
  const mine = product.valorations.data.find((valoration) => valoration.user.id === userId);
  return <ReviewForm key={mine?.id ?? 'new'} productId={product.id} mine={mine} onReviewed={onReviewed} />;
}
