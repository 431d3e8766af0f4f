import type { PublicUser } from '@linkhunt/contracts/user';
import { formatCount } from '@linkhunt/shared-ui/components/user-card/UserCard.tsx';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { useTranslation } from 'react-i18next';
import styles from './UserStats.module.css';

interface Props {
  user: Pick<PublicUser, 'points' | 'num_products' | 'num_valorations'>;
  /** The points as the first figure (the profile states them on their own line). */
  withPoints?: boolean;
  /** Where the figures sit on the page (margins, width); their own layout follows the width they get. */
  className?: string;
}

/**
 * A user's figures as a description list, with Chilean grouping (spec section 3). Side by side when there is
 * room for every label ("Valoraciones", "Bewertungen"), one per row otherwise: never cut short.
 */
export function UserStats({ user, withPoints = false, className }: Props) {
  const { t } = useTranslation('ui');
  const figures = [
    ...(withPoints ? [['user.points', user.points] as const] : []),
    ['user.products', user.num_products] as const,
    ['user.reviews', user.num_valorations] as const,
  ];
  return (
    <div className={cx(styles.frame, className)}>
      <dl className={styles.stats}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.stat}>
            <dt>{t(label)}</dt>
            <dd>{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
