import { POINTS_PER_PRODUCT, STARS_MAX, STARS_MIN } from '@linkhunt/contracts/limits';
import { type ComponentType, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { EditIcon, HeartIcon, StarIcon, TrophyIcon, UploadIcon } from './AuthIcons.tsx';
import styles from './AccountBenefits.module.css';

interface Benefit {
  key: 'upload' | 'points' | 'review' | 'favourites' | 'manage';
  Icon: ComponentType<{ className?: string }>;
}

/** What an account can do that a visitor cannot (spec sections 1 and 6), in the order a newcomer cares about. */
const BENEFITS: readonly Benefit[] = [
  { key: 'upload', Icon: UploadIcon },
  { key: 'points', Icon: TrophyIcon },
  { key: 'review', Icon: StarIcon },
  { key: 'favourites', Icon: HeartIcon },
  { key: 'manage', Icon: EditIcon },
];

/** The panel beside the login and register forms: why an account is worth the minute it takes. */
export function AccountBenefits() {
  const { t } = useTranslation(NAMESPACE);
  const titleId = useId();
  const values = { points: POINTS_PER_PRODUCT, min: STARS_MIN, max: STARS_MAX };
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('auth.benefits.title')}
      </h2>
      <p className={styles.intro}>{t('auth.benefits.intro')}</p>
      <ul className={styles.list} role="list">
        {BENEFITS.map(({ key, Icon }) => (
          <li key={key} className={styles.item}>
            <span className={styles.badge}>
              <Icon className={styles.icon} />
            </span>
            <span className={styles.text}>
              <strong className={styles.name}>{t(`auth.benefits.${key}.title`, values)}</strong>
              <span className={styles.detail}>{t(`auth.benefits.${key}.text`, values)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
